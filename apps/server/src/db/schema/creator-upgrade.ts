import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './auth';

const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * A season of the upgrade programme (issue 15 point 2): the period whose publications, quality
 * contents and lights make a creator's level. `endsAt` null: the season is still running.
 */
export const upgradeSeasons = pgTable('upgrade_seasons', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  title: varchar('title', { length: 40 }).notNull(),
  startsAt: at('starts_at').notNull(),
  endsAt: at('ends_at'),
});

/** An award of a season, earned by reaching `level` in it, receivable until `expiresAt`. */
export const upgradeAwards = pgTable(
  'upgrade_awards',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    seasonId: integer('season_id')
      .notNull()
      .references(() => upgradeSeasons.id),
    level: integer('level').notNull(),
    title: varchar('title', { length: 40 }).notNull(),
    /** In fen (0.01 yuan). */
    amountCents: integer('amount_cents').notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [index('upgrade_awards_season_idx').on(t.seasonId, t.level)],
);

/**
 * A received award. The unique (award, user) pair is what makes a receipt happen once under any
 * number of concurrent or repeated receives (INSERT … ON CONFLICT DO NOTHING).
 */
export const upgradeAwardReceipts = pgTable(
  'upgrade_award_receipts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    awardId: integer('award_id')
      .notNull()
      .references(() => upgradeAwards.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    amountCents: integer('amount_cents').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('upgrade_award_receipts_once').on(t.awardId, t.userId),
    index('upgrade_award_receipts_user_idx').on(t.userId, t.createdAt, t.id),
  ],
);

/**
 * A creator's flexible-staffing (payout) signing (issue 15 point 4): a row once signed, written by
 * the provider's signed callback (issue 31 point 3) with its contract id (none for seeded rows).
 */
export const flexibleStaffingSignings = pgTable('flexible_staffing_signings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  signedAt: at('signed_at').notNull().defaultNow(),
  contractId: varchar('contract_id', { length: 64 }).unique('flexible_staffing_signings_contract_id_unique'),
});

/** The video account details a creator saved (POST video-account/index), before or after applying. */
export const videoAccounts = pgTable('video_accounts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  name: varchar('name', { length: 30 }).notNull(),
  accountId: varchar('account_id', { length: 32 }).notNull(),
  profileUrl: varchar('profile_url', { length: 300 }).notNull(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/**
 * An application to link a video account: a snapshot of the details and a screenshot the creator
 * uploaded. The partial unique index allows one pending application per user, in the database.
 * The public card is the user's latest approved application.
 */
export const videoAccountApplications = pgTable(
  'video_account_applications',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    name: varchar('name', { length: 30 }).notNull(),
    accountId: varchar('account_id', { length: 32 }).notNull(),
    profileUrl: varchar('profile_url', { length: 300 }).notNull(),
    screenshotKey: text('screenshot_key').notNull(),
    state: varchar('state', { length: 10 })
      .$type<'pending' | 'approved' | 'rejected'>()
      .notNull()
      .default('pending'),
    reason: varchar('reason', { length: 200 }),
    createdAt: at('created_at').notNull().defaultNow(),
    reviewedAt: at('reviewed_at'),
  },
  (t) => [
    uniqueIndex('video_account_applications_one_pending').on(t.userId).where(sql`state = 'pending'`),
    index('video_account_applications_user_idx').on(t.userId, t.createdAt, t.id),
    check('video_account_applications_state', sql`state in ('pending', 'approved', 'rejected')`),
  ],
);

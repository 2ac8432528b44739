import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './auth';

const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * An inviter's invitation (issue 18 point 1): a short public code valid until `expiresAt`.
 * start-invite hands out the inviter's newest live one, or makes a new one once it expired, so
 * old codes stay known (a landing can tell "expired" from "unknown").
 */
export const invitations = pgTable(
  'invitations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    code: varchar('code', { length: 16 }).notNull().unique(),
    inviterId: integer('inviter_id')
      .notNull()
      .references(() => users.id),
    createdAt: at('created_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [index('invitations_inviter_idx').on(t.inviterId, t.createdAt.desc())],
);

/**
 * A number proven by an SMS code (invite-auth), redeemable once by invited-sign-up before
 * `expiresAt`. The token is stored as sha256 hex, never in clear.
 */
export const inviteAuthTokens = pgTable('invite_auth_tokens', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
  phone: varchar('phone', { length: 20 }).notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
});

/**
 * Who invited whom: one row per invitee (the primary key), so a user is linked to one inviter,
 * once, whatever the number of concurrent sign-ups or binds.
 */
export const inviteBindings = pgTable(
  'invite_bindings',
  {
    inviteeId: integer('invitee_id')
      .primaryKey()
      .references(() => users.id),
    inviterId: integer('inviter_id')
      .notNull()
      .references(() => users.id),
    invitationId: integer('invitation_id')
      .notNull()
      .references(() => invitations.id),
    /** sign_up: a new account on the landing; bind: a user of the last 7 days accepted it logged in. */
    via: varchar('via', { length: 8 }).notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('invite_bindings_inviter_idx').on(t.inviterId, t.createdAt, t.inviteeId),
    check('invite_bindings_via_check', sql`${t.via} in ('sign_up', 'bind')`),
    check('invite_bindings_not_self_check', sql`${t.inviteeId} <> ${t.inviterId}`),
    // Issue 26 point 2: two users are never each other's invitee. One row per unordered pair, so
    // of A→B and B→A bound at the same moment (any process) the database keeps the first.
    uniqueIndex('invite_bindings_pair_key').on(
      sql`least(${t.inviteeId}, ${t.inviterId})`,
      sql`greatest(${t.inviteeId}, ${t.inviterId})`,
    ),
  ],
);

/**
 * The inviter's reward for an invitee: one per pair (the primary key), written in the binding's
 * transaction, so it is credited exactly once per invitee.
 */
export const inviteRewards = pgTable(
  'invite_rewards',
  {
    inviterId: integer('inviter_id')
      .notNull()
      .references(() => users.id),
    inviteeId: integer('invitee_id')
      .notNull()
      .references(() => inviteBindings.inviteeId),
    points: integer('points').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.inviterId, t.inviteeId] }),
    check('invite_rewards_points_check', sql`${t.points} > 0`),
  ],
);

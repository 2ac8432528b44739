import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    phone: varchar('phone', { length: 20 }).unique(),
    userName: varchar('user_name', { length: 64 }).notNull(),
    avatar: text('avatar').notNull(),
    isCreator: boolean('is_creator').notNull().default(false),
    createdAt: createdAt(),
    // Issue 15 point 1: what a creator's fans portrait counts; null when the user never said.
    /** 1 male, 2 female (USER_GENDER of the contract). */
    gender: smallint('gender'),
    birthYear: smallint('birth_year'),
    /** A province-level region, as the user gave it (北京, 广东, ...). */
    region: varchar('region', { length: 32 }),
  },
  // Search by nickname (issue 32 point 2, decision 024); an exact nickname by equality (issue 33).
  (t) => [
    index('users_search_idx').using('gin', sql`search_grams(${t.userName})`),
    index('users_name_lower_idx').on(sql`lower(${t.userName})`),
  ],
);

/** A login session: both tokens are stored as sha256 hex, never in clear. */
export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    duTokenHash: varchar('du_token_hash', { length: 64 }).notNull().unique(),
    xAuthTokenHash: varchar('x_auth_token_hash', { length: 64 }).notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * One-time login codes (6 digits, 5 minutes, single use). Only a phone's newest code can be
 * used; `attempts` counts the guesses at it, and past LOGIN_CODE_MAX_ATTEMPTS it is dead.
 */
export const loginCodes = pgTable(
  'login_codes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    phone: varchar('phone', { length: 20 }).notNull(),
    code: varchar('code', { length: 6 }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, precision: 3 }),
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [index('login_codes_phone_idx').on(t.phone, t.createdAt.desc())],
);

/** Development stand-in for an SMS gateway: what would have been texted (never written in 'pro'). */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    phone: varchar('phone', { length: 20 }).notNull(),
    code: varchar('code', { length: 6 }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, precision: 3 }).notNull().default(sql`now()`),
  },
  (t) => [index('sms_outbox_phone_idx').on(t.phone, t.sentAt.desc())],
);

/**
 * Every SMS code delivery (issue 31 point 2): to whom, why, by which driver, and what the
 * provider answered (its id, or its error code). The code itself is never kept here.
 */
export const smsDeliveries = pgTable(
  'sms_deliveries',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    phone: varchar('phone', { length: 20 }).notNull(),
    purpose: varchar('purpose', { length: 16 }).$type<'login' | 'invite'>().notNull(),
    driver: varchar('driver', { length: 16 }).$type<'outbox' | 'aliyun'>().notNull(),
    status: varchar('status', { length: 8 }).$type<'ok' | 'failed'>().notNull(),
    providerId: varchar('provider_id', { length: 64 }),
    errorCode: varchar('error_code', { length: 64 }),
    sentAt: timestamp('sent_at', { withTimezone: true, precision: 3 }).notNull().default(sql`now()`),
  },
  (t) => [index('sms_deliveries_phone_idx').on(t.phone, t.sentAt.desc())],
);

const moment = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * Image captcha challenges: the answer is stored as sha256(`<id>:<ANSWER>`), never in clear
 * (except `devAnswer`, written only outside 'pro' for tests). Single use: `usedAt` is set by the
 * first verify, right or wrong.
 */
export const captchaChallenges = pgTable('captcha_challenges', {
  /** The public challengeId (random). */
  id: varchar('id', { length: 32 }).primaryKey(),
  answerHash: varchar('answer_hash', { length: 64 }).notNull(),
  scene: varchar('scene', { length: 64 }),
  devAnswer: varchar('dev_answer', { length: 8 }),
  createdAt: createdAt(),
  expiresAt: moment('expires_at').notNull(),
  usedAt: moment('used_at'),
});

/**
 * A passed captcha: the session id the replayed call sends in `x-captcha-session`, stored as
 * sha256 hex, bound to the risk subject that passed it (`u:<userId>` or `ip:<address>`).
 * Single use: the risk check consumes it when it lets a call through.
 */
export const captchaSessions = pgTable(
  'captcha_sessions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    subject: varchar('subject', { length: 80 }).notNull(),
    scene: varchar('scene', { length: 64 }),
    createdAt: createdAt(),
    expiresAt: moment('expires_at').notNull(),
    usedAt: moment('used_at'),
  },
  // A counted call without a session header looks up its caller's unspent passes (native verify).
  (t) => [index('captcha_sessions_unspent_subject_idx').on(t.subject, t.id).where(sql`used_at IS NULL`)],
);

/**
 * Risk-check counters: one row per rule and subject, counting the calls since `windowStart`;
 * a call after the window restarts it. Updated with one atomic upsert per counted call.
 */
export const riskCounters = pgTable(
  'risk_counters',
  {
    rule: varchar('rule', { length: 32 }).notNull(),
    subject: varchar('subject', { length: 80 }).notNull(),
    windowStart: moment('window_start').notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [primaryKey({ columns: [t.rule, t.subject] })],
);

/**
 * A user's public hash id (hashId of spec §7): share links carry it instead of the numeric id.
 * Random, made on first ask and kept, so a link stays valid and ids cannot be enumerated.
 */
export const userHashIds = pgTable('user_hash_ids', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  hashId: varchar('hash_id', { length: 16 }).notNull().unique(),
});

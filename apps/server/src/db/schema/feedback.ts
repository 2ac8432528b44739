import type { AccusationStatus, AccuseTargetType } from '@h5/contract';
import {
  boolean,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import { jsonValue } from './json';

const moment = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/** Report reasons offered per target type (accuse-info). */
export const accuseReasons = pgTable(
  'accuse_reasons',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    targetType: varchar('target_type', { length: 16 }).$type<AccuseTargetType>().notNull(),
    title: varchar('title', { length: 64 }).notNull(),
    needDetail: boolean('need_detail').notNull().default(false),
    sort: smallint('sort').notNull().default(0),
  },
  (t) => [index('accuse_reasons_type_idx').on(t.targetType, t.sort)],
);

/**
 * Reports (submit-accuse). One per user and target; `request_id` makes a resubmitted form one row.
 * `images` holds the evidence object keys, checked to be the reporter's own uploads.
 */
export const accusations = pgTable(
  'accusations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id').notNull(),
    targetType: varchar('target_type', { length: 16 }).$type<AccuseTargetType>().notNull(),
    targetId: varchar('target_id', { length: 20 }).notNull(),
    reasonId: integer('reason_id')
      .notNull()
      .references(() => accuseReasons.id),
    description: text('description').notNull().default(''),
    images: jsonValue('images').notNull(),
    /** 'pending' until a moderator decides: 'upheld' (the commission rule reads it) or 'rejected'. */
    status: varchar('status', { length: 16 }).$type<AccusationStatus>().notNull().default('pending'),
    requestId: varchar('request_id', { length: 36 }).notNull(),
    createdAt: moment('created_at').notNull().defaultNow(),
    decisionReason: text('decision_reason').notNull().default(''),
    /** The deciding operator (operators.id); kept as a plain id, like the audit log's. */
    decidedBy: integer('decided_by'),
    decidedByName: varchar('decided_by_name', { length: 32 }),
    decidedAt: moment('decided_at'),
  },
  (t) => [
    unique('accusations_user_target').on(t.userId, t.targetType, t.targetId),
    unique('accusations_user_request').on(t.userId, t.requestId),
    // The moderation queue: one status, oldest first (issue 30 point 3).
    index('accusations_queue_idx').on(t.status, t.createdAt, t.id),
  ],
);

/** Search ideas (search-idea-upload): what users wish search found. */
export const searchIdeas = pgTable(
  'search_ideas',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id').notNull(),
    keyword: varchar('keyword', { length: 100 }).notNull().default(''),
    optionIds: jsonValue('option_ids').notNull(),
    content: text('content').notNull(),
    images: jsonValue('images').notNull(),
    requestId: varchar('request_id', { length: 36 }).notNull(),
    createdAt: moment('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('search_ideas_user_request').on(t.userId, t.requestId),
    index('search_ideas_created_idx').on(t.createdAt, t.id),
  ],
);

/**
 * Writing bans (issue 30 point 3): until `until`, the user's public writes (the contract's
 * `speech` entries: comments, lights, follows, reports, evaluations) are refused. One row per
 * user, looked up by its primary key on every such write; lifting a ban deletes the row.
 */
export const userBans = pgTable('user_bans', {
  userId: integer('user_id').primaryKey(),
  until: moment('until').notNull(),
  reason: text('reason').notNull(),
  operatorId: integer('operator_id'),
  operatorName: varchar('operator_name', { length: 32 }).notNull(),
  createdAt: moment('created_at').notNull().defaultNow(),
});

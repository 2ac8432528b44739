import type { AccuseTargetType } from '@h5/contract';
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
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    requestId: varchar('request_id', { length: 36 }).notNull(),
    createdAt: moment('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('accusations_user_target').on(t.userId, t.targetType, t.targetId),
    unique('accusations_user_request').on(t.userId, t.requestId),
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
  (t) => [unique('search_ideas_user_request').on(t.userId, t.requestId)],
);

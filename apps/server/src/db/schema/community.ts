import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, unique, varchar } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { contents } from './content';

const createdAt = () => timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow();

/** A light (like) of a content by a user: one per pair. */
export const contentLights = pgTable(
  'content_lights',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    contentId: integer('content_id')
      .notNull()
      .references(() => contents.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.contentId] }),
    index('content_lights_content_idx').on(t.contentId),
  ],
);

/**
 * A comment; `parentId` nests it under a top-level reply; `content` holds [emoji] tokens. One
 * row per user and `requestId`, so a repeated post is one comment.
 */
export const replies = pgTable(
  'replies',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    contentId: integer('content_id')
      .notNull()
      .references(() => contents.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    parentId: integer('parent_id'),
    replyToUserId: integer('reply_to_user_id'),
    content: text('content').notNull(),
    lightCount: integer('light_count').notNull().default(0),
    /** The client's id of the post (a retry or double tap sends it again); null for seeded rows. */
    requestId: varchar('request_id', { length: 36 }),
    createdAt: createdAt(),
    /** Set when a moderator hid the comment (issue 30 point 3): no list or count shows it. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true, precision: 3 }),
    hiddenReason: text('hidden_reason'),
  },
  (t) => [
    index('replies_content_idx').on(t.contentId, t.parentId, t.createdAt.desc()),
    // A content's top-level replies, scanned backwards for the reply list's newest-first order,
    // so a page reads its own rows however long the thread (issue 19 point 5). Ascending on
    // purpose: Drizzle writes a DESC column as DESC NULLS LAST, which ORDER BY ... DESC
    // (NULLS FIRST) cannot use.
    index('replies_top_idx').on(t.contentId, t.createdAt, t.id).where(sql`parent_id is null`),
    index('replies_parent_idx').on(t.parentId),
    unique('replies_user_request').on(t.userId, t.requestId),
  ],
);

/** The emoji mapping of spec §3: [name] → url. */
export const emojis = pgTable('emojis', {
  name: varchar('name', { length: 32 }).primaryKey(),
  url: text('url').notNull(),
});

export const follows = pgTable(
  'follows',
  {
    followerId: integer('follower_id')
      .notNull()
      .references(() => users.id),
    followeeId: integer('followee_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followeeId] }),
    index('follows_followee_idx').on(t.followeeId),
  ],
);

/**
 * A user's counts that their home's header and the user search show (issue 33 point 2): their
 * followers, the users they follow and their shown contents (approved, not taken down), read here
 * instead of counting thousands of rows. Never written by the server's code: triggers on `follows`
 * and `contents` keep it (migration 0043); every user has a row from their insert (migration 0044:
 * the user search walks `user_counts_followers_idx`, most followed first, and must meet everyone).
 */
export const userCounts = pgTable(
  'user_counts',
  {
    userId: integer('user_id').primaryKey(),
    followers: integer('followers').notNull().default(0),
    following: integer('following').notNull().default(0),
    shownContents: integer('shown_contents').notNull().default(0),
  },
  (t) => [index('user_counts_followers_idx').on(t.followers, t.userId)],
);

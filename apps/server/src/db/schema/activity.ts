import { index, integer, pgTable, primaryKey, text, timestamp, unique, varchar } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { products } from './commerce';
import { contents } from './content';

const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * An activity and its time window (issue 18 point 4, issue 17 point 5): every activity call and
 * page asks `activity/window.ts` for the window that answers its code, so before `startsAt` it
 * answers 202010008 and from `endsAt` on 202010009. Operators move a window, and choose the codes
 * it answers, on the backstage (issue 30 point 4; versions in `document_versions`).
 */
export const activities = pgTable('activities', {
  code: varchar('code', { length: 40 }).primaryKey(),
  title: varchar('title', { length: 60 }).notNull(),
  startsAt: at('starts_at').notNull(),
  endsAt: at('ends_at').notNull(),
  /**
   * The activity codes this window answers; null: its own code only (what every seeded or
   * inserted row means until an operator says otherwise). No code is answered by two windows.
   */
  codes: varchar('codes', { length: 40 }).array(),
});

/** An activity's products in their list order: the new-year AR live action's, 心引力's (issue 32). */
export const arSpus = pgTable(
  'activity_ar_spus',
  {
    activityCode: varchar('activity_code', { length: 40 })
      .notNull()
      .references(() => activities.code),
    spuId: integer('spu_id')
      .notNull()
      .references(() => products.spuId),
    sort: integer('sort').notNull(),
  },
  (t) => [primaryKey({ columns: [t.activityCode, t.spuId] })],
);

/** A task of an activity that a user completes by committing one of their contents. */
export const hackingTasks = pgTable('hacking_tasks', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  activityCode: varchar('activity_code', { length: 40 })
    .notNull()
    .references(() => activities.code),
  title: varchar('title', { length: 60 }).notNull(),
});

/** A commit; the unique (task, user) pair makes it once under concurrent or repeated commits. */
export const hackingTaskCommits = pgTable(
  'hacking_task_commits',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    taskId: integer('task_id')
      .notNull()
      .references(() => hackingTasks.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    contentId: integer('content_id')
      .notNull()
      .references(() => contents.id),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [unique('hacking_task_commits_once').on(t.taskId, t.userId)],
);

/** A picture the 520 AI-image activity made: the user's photo and the styled result (storage keys). */
export const aiImages = pgTable(
  'ai_images',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    style: varchar('style', { length: 16 }).notNull(),
    sourceKey: varchar('source_key', { length: 512 }).notNull(),
    resultKey: varchar('result_key', { length: 512 }).notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('ai_images_user_idx').on(t.userId, t.createdAt.desc())],
);

/**
 * A user's AI picture in the making (issue 31 point 5): the row is the claim, so "one picture in
 * flight" holds across every server process. `token` is the claimant's, so only it releases the
 * row; a claim older than the lease (a process that died mid-picture) may be taken over.
 */
export const aiImageClaims = pgTable('ai_image_claims', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  token: varchar('token', { length: 36 }).notNull(),
  claimedAt: at('claimed_at').notNull().defaultNow(),
});

/** Image fingerprints (64-bit difference hash, hex) that the AI-image review refuses. */
export const aiImageBlocklist = pgTable('ai_image_blocklist', {
  hash: varchar('hash', { length: 16 }).primaryKey(),
  reason: text('reason').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});

/**
 * 奇妙相遇's encounter cards (issue 32 point 5): a user's draws of a China day, slot 1 to 3. The
 * (user, day, slot) key makes each draw one row however many are asked at once: a draw takes the
 * first free slot by insert, never by counting first, so a fourth is refused under any race.
 */
export const encounterDraws = pgTable(
  'encounter_draws',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    day: varchar('day', { length: 10 }).notNull(),
    slot: integer('slot').notNull(),
    matchedUserId: integer('matched_user_id')
      .notNull()
      .references(() => users.id),
    /** How many followed authors the two share, and how many categories of lit contents. */
    sharedAuthors: integer('shared_authors').notNull(),
    sharedCategories: integer('shared_categories').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day, t.slot] })],
);

import { date, integer, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';

/**
 * A creator's data-centre figures of one China-time day (issue 19 point 5): what the summary
 * counts, kept as the rows are written so a summary reads at most two periods of days however
 * much a creator has. Never written by the server's code: statement triggers on
 * `analytics_events` (views, shares), `content_lights`, `replies` (comments), `follows` (new fans)
 * and `contents` add every insert, delete and update of those rows, by the day of its time
 * (migration 0023). `author_id` is the content's author, for follows the followee.
 */
export const creatorDailyFigures = pgTable(
  'creator_daily_figures',
  {
    authorId: integer('author_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    views: integer('views').notNull().default(0),
    shares: integer('shares').notNull().default(0),
    lights: integer('lights').notNull().default(0),
    comments: integer('comments').notNull().default(0),
    newFans: integer('new_fans').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.authorId, t.day] })],
);

/**
 * A creator's followers by one attribute of their profiles (issue 33 point 2): `kind` is 'gender',
 * 'birthYear' or 'region', `key` the value as text ('' where the follower never said), as the fans
 * portrait groups them. Never written by the server's code: a statement trigger on `follows` and a
 * row trigger on a change of a user's gender, birth year or region keep it (migration 0038); a key
 * nobody has any more stays as a row of 0.
 */
export const creatorFollowerGroups = pgTable(
  'creator_follower_groups',
  {
    authorId: integer('author_id').notNull(),
    kind: varchar('kind', { length: 10 }).notNull(),
    key: varchar('key', { length: 32 }).notNull(),
    followers: integer('followers').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.authorId, t.kind, t.key] })],
);

/**
 * A content's detail page views and shares of one China-time day (issue 33 point 3): the data
 * centre's per-content figures and the pick report read these instead of counting events, and
 * keep them after the events' partition is dropped. Kept by the statement triggers on
 * `analytics_events` (migration 0039) for every event naming a content, whether or not the
 * content exists yet.
 */
export const contentDailyFigures = pgTable(
  'content_daily_figures',
  {
    contentId: integer('content_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    views: integer('views').notNull().default(0),
    shares: integer('shares').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.contentId, t.day] })],
);

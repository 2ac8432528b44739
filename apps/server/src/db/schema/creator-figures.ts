import { boolean, date, index, integer, pgTable, primaryKey, smallint, varchar } from 'drizzle-orm/pg-core';

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
    /**
     * The content's author, null while no such content exists: lets the content list read one
     * creator's viewed contents of a period without probing each of their contents. Set by a row
     * trigger on every insert here and by triggers on `contents` (written, deleted, new author),
     * migration 0042, whoever writes these rows.
     */
    authorId: integer('author_id'),
  },
  (t) => [
    primaryKey({ columns: [t.contentId, t.day] }),
    // Covering: the content list sums a creator's period from the index alone (14 700 rows of
    // the demo creator's 30 days at 100× lie on 2 150 heap pages). The price: a views upsert is
    // no longer a heap-only update.
    index('content_daily_figures_author_idx').on(t.authorId, t.day, t.contentId, t.views),
  ],
);

/**
 * Detail page views of a creator's contents by one signed-in viewer, per China day and hour
 * (issue 33 point 2): what a follow or an unfollow adds to or takes from
 * `creator_follower_hours`, read by the pair's key. Kept by a statement trigger on
 * `analytics_events` (migration 0042), for the content's author when the view is stored.
 */
export const creatorViewerHours = pgTable(
  'creator_viewer_hours',
  {
    authorId: integer('author_id').notNull(),
    viewerId: integer('viewer_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    hour: smallint('hour').notNull(),
    views: integer('views').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.authorId, t.viewerId, t.day, t.hour] })],
);

/**
 * The fans portrait's active hours: detail page views of a creator's contents by those who
 * follow the creator now, per China day and hour, the sum of `creator_viewer_hours` over the
 * current followers. Kept by statement triggers on `analytics_events` and `follows` (migration
 * 0042), so the portrait reads at most 24 rows a day of its period.
 */
export const creatorFollowerHours = pgTable(
  'creator_follower_hours',
  {
    authorId: integer('author_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    hour: smallint('hour').notNull(),
    views: integer('views').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.authorId, t.day, t.hour] })],
);

/**
 * A content's detail page views in each period the data centre offers (7, 30 and 90 China days,
 * today included), as of the China day in `content_period_views_day` (issue 33 point 2): the
 * content list by views reads a page of these by the period's index, however many contents and
 * days a creator has. Never written by the server's code: a statement trigger on
 * `content_daily_figures` adds every change of a day inside the windows, and the job
 * `creator-period-views` (creator/jobs.ts) slides the windows at China midnight (migration 0045).
 * `author_id` is the content's, as `content_daily_figures` keeps it; a row of zeros may stay.
 * One row per content, not per period: an events statement upserts a row per content it names.
 */
export const contentPeriodViews = pgTable(
  'content_period_views',
  {
    authorId: integer('author_id').notNull(),
    contentId: integer('content_id').notNull(),
    views7: integer('views_7').notNull().default(0),
    views30: integer('views_30').notNull().default(0),
    views90: integer('views_90').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.authorId, t.contentId] }),
    index('content_period_views_7_idx').on(t.authorId, t.views7, t.contentId),
    index('content_period_views_30_idx').on(t.authorId, t.views30, t.contentId),
    index('content_period_views_90_idx').on(t.authorId, t.views90, t.contentId),
  ],
);

/**
 * The China day the windows of `content_period_views` end on (one row): the content list reads
 * them only when it is today, else sums the daily figures as before (migration 0045).
 */
export const contentPeriodViewsDay = pgTable('content_period_views_day', {
  one: boolean('one').primaryKey().default(true),
  day: date('day', { mode: 'string' }).notNull(),
});

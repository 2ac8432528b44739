import type { PickSource } from '@h5/contract';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { activities } from './activity';
import { users } from './auth';
import { contents } from './content';

const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * The guide of an activity (issue 18 point 3): its title and lead, managed as data (operations
 * edit the rows; the seed writes the first ones). One per activity.
 */
export const activityGuides = pgTable('activity_guides', {
  activityCode: varchar('activity_code', { length: 40 })
    .primaryKey()
    .references(() => activities.code),
  title: varchar('title', { length: 60 }).notNull(),
  intro: text('intro').notNull(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** A step of a guide, in `step_no` order: a title, a text and an optional picture. */
export const activityGuideSteps = pgTable(
  'activity_guide_steps',
  {
    activityCode: varchar('activity_code', { length: 40 })
      .notNull()
      .references(() => activityGuides.activityCode),
    stepNo: smallint('step_no').notNull(),
    title: varchar('title', { length: 40 }).notNull(),
    text: text('text').notNull(),
    imageUrl: text('image_url'),
    imageWidth: integer('image_width'),
    imageHeight: integer('image_height'),
  },
  (t) => [
    primaryKey({ columns: [t.activityCode, t.stepNo] }),
    check('activity_guide_steps_no_check', sql`${t.stepNo} > 0`),
    check(
      'activity_guide_steps_image_check',
      sql`(${t.imageUrl} is null) = (${t.imageWidth} is null) and (${t.imageUrl} is null) = (${t.imageHeight} is null)`,
    ),
  ],
);

/**
 * A content picked as featured: once per content (the primary key), by an editor (the internal
 * pick call) or by the weekly rule (`domains/invite/content-picks.ts`). `author_id` is the
 * content's author, kept here so a creator's report pages on one index.
 */
export const contentPicks = pgTable(
  'content_picks',
  {
    contentId: integer('content_id')
      .primaryKey()
      .references(() => contents.id),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id),
    source: varchar('source', { length: 8 }).$type<PickSource>().notNull(),
    reason: varchar('reason', { length: 40 }).notNull(),
    pickedAt: at('picked_at').notNull().defaultNow(),
  },
  (t) => [
    index('content_picks_author_idx').on(t.authorId, t.pickedAt, t.contentId),
    check('content_picks_source_check', sql`${t.source} in ('editor', 'rule')`),
  ],
);

import type { ContentType, ReviewState } from '@h5/contract';
import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './auth';

export interface StoredImage {
  url: string;
  width: number;
  height: number;
}

/** Content of spec §3: type PicText=0, Video=1, NoPic=2, RichText=3. */
export const contents = pgTable(
  'contents',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id),
    contentType: smallint('content_type').$type<ContentType>().notNull(),
    category: smallint('category').notNull().default(0),
    /**
     * The hashtag topic a publisher chose (issue 32: `#七夕`, without the `#`); null for none. Activities
     * rank by it and search finds it; the category stays the spec's tag id.
     */
    topic: varchar('topic', { length: 20 }),
    title: varchar('title', { length: 200 }).notNull(),
    body: text('body').notNull(),
    coverUrl: text('cover_url'),
    coverWidth: integer('cover_width'),
    coverHeight: integer('cover_height'),
    images: jsonb('images').$type<StoredImage[]>().notNull().default([]),
    videoUrl: text('video_url'),
    videoDuration: integer('video_duration'),
    lightCount: integer('light_count').notNull().default(0),
    replyCount: integer('reply_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /**
     * Set when moderation upheld a report on the content (issue 30 point 3): every feed, the
     * user home and the detail treat it as gone (`visibleContent`); the author sees the reason.
     */
    takenDownAt: timestamp('taken_down_at', { withTimezone: true, precision: 3 }),
    takenDownReason: text('taken_down_reason'),
    /**
     * Issue 32: a published content waits for review ('pending') until a moderator or the auto
     * setting decides; seeded and older contents are 'approved'. Only approved ones are visible.
     */
    reviewState: varchar('review_state', { length: 8 }).$type<ReviewState>().notNull().default('approved'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true, precision: 3 }),
    reviewReason: text('review_reason'),
    /** The publisher's id of the publish call (a retry sends it again); null for seeded rows. */
    requestId: varchar('request_id', { length: 36 }),
    /**
     * The recommend feed's rank: log10 of the lights plus the age in units of 12.5 hours (Reddit's
     * "hot" formula), so ten times the lights outweigh 12.5 hours of age. It depends only on the
     * row, not on the clock, so PostgreSQL keeps it (generated) and indexes it.
     */
    hotScore: doublePrecision('hot_score')
      .notNull()
      .generatedAlwaysAs(
        sql`log(greatest(light_count, 1)::double precision) + (extract(epoch from (created_at at time zone 'UTC'))::double precision - 1600000000) / 45000`,
      ),
  },
  (t) => [
    index('contents_hot_idx').on(t.hotScore, t.id),
    // Ascending on purpose: PostgreSQL scans it backwards for the feed's row-comparison keyset
    // `(created_at, id) < (…)`, which it cannot do with a DESC index (seq scan + sort instead).
    index('contents_feed_idx').on(t.createdAt, t.id),
    // A user's contents newest first (their home), scanned backwards for the same keyset; with
    // `created_at DESC NULLS LAST` the deep pages walked the whole feed index (issue 33, 100×).
    index('contents_author_idx').on(t.authorId, t.createdAt, t.id),
    // An author's approved contents by id, scanned backwards: the data centre's list by views
    // takes its unviewed contents from it after the viewed ones (issue 33 point 2, 100×).
    index('contents_author_approved_idx').on(t.authorId, t.id).where(sql`review_state = 'approved'`),
    // A followed author's shown contents by rank (the reader's feed, issue 19 point 5): the type
    // rides along so the per-author walk reads the index only; partial (issue 33 point 1), so the
    // walk reads no row to test the visibility and a user's count of shown contents is index only.
    index('contents_author_hot_idx')
      .on(t.authorId, t.hotScore, t.id, t.contentType)
      .where(sql`taken_down_at is null and review_state = 'approved'`),
    // The hot videos' walks (issue 33 point 2): a followed author's shown videos by rank, and every
    // shown video by rank (the visitors' page), so neither reads the other types to drop them.
    index('contents_author_video_hot_idx')
      .on(t.authorId, t.hotScore, t.id)
      .where(sql`content_type = 1 and taken_down_at is null and review_state = 'approved'`),
    index('contents_video_hot_idx')
      .on(t.hotScore, t.id)
      .where(sql`content_type = 1 and taken_down_at is null and review_state = 'approved'`),
    // The author's own notices of taken-down contents (their home): few rows, a partial index.
    // A topic's contents by lights (the #七夕 ranking, topic search): few topics, many contents each.
    index('contents_topic_idx').on(t.topic, t.lightCount).where(sql`topic is not null`),
    unique('contents_author_request').on(t.authorId, t.requestId),
    // The review queue, oldest first: few pending rows among many.
    index('contents_review_idx').on(t.reviewState, t.createdAt).where(sql`review_state <> 'approved'`),
    // Search (issue 32 point 2, decision 024): the title's and body's 1- and 2-character grams.
    index('contents_search_idx').using('gin', sql`search_grams(${t.title} || ' ' || ${t.body})`),
    index('contents_topic_search_idx')
      .using('gin', sql`search_grams(${t.topic})`)
      .where(sql`topic is not null`),
    index('contents_taken_down_idx').on(t.authorId, t.takenDownAt).where(sql`taken_down_at is not null`),
  ],
);

/** The products a content's article links to (spec §5's product links), for new-commodity. */
export const contentProducts = pgTable(
  'content_products',
  {
    contentId: integer('content_id')
      .notNull()
      .references(() => contents.id),
    spuId: integer('spu_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.contentId, t.spuId] }), index('content_products_spu_idx').on(t.spuId)],
);

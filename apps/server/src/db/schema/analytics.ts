import type { TelemetryKind } from '@h5/contract';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { jsonValue } from './json';

const moment = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * Who sent a row (issue 12): the device's anonymous id (spec §3, the same before and after a
 * login), our client id and build release. Null for senders that did not say.
 */
const clientColumns = () => ({
  anonymousId: varchar('anonymous_id', { length: 64 }),
  clientId: varchar('client_id', { length: 32 }),
  clientRelease: varchar('client_release', { length: 32 }),
});

/** Client telemetry (render errors, white-screen risk, time-outs, missing cookie). */
export const telemetry = pgTable(
  'telemetry',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    kind: varchar('kind', { length: 32 }).$type<TelemetryKind>().notNull(),
    message: text('message').notNull(),
    pageUrl: text('page_url').notNull(),
    detail: text('detail'),
    userAgent: text('user_agent'),
    flowType: varchar('flow_type', { length: 64 }),
    ...clientColumns(),
    createdAt: moment('created_at').notNull().defaultNow(),
  },
  // The internal list pages newest first by id, optionally of one kind.
  (t) => [index('telemetry_kind_idx').on(t.kind, t.id)],
);

/**
 * Tracker events received by the collector, one row per (uuid, occurred_at): a resent event
 * carries both unchanged, so the primary key makes it a no-op (`ON CONFLICT (uuid, occurred_at)
 * DO NOTHING`). Append-only; `user_id` is who was logged in when the batch arrived (no foreign
 * key: facts outlive accounts and inserts take no user lock). Partitioned by UTC day of
 * `occurred_at` (migration 0039, docs/decisions/027): Drizzle cannot declare that, so the
 * migration is hand-written; old days leave by dropping their partition.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    uuid: varchar('uuid', { length: 64 }).notNull(),
    tracker: varchar('tracker', { length: 64 }).notNull(),
    event: varchar('event', { length: 64 }).notNull(),
    /** The payload as its event's schema parsed it (unknown keys dropped). */
    payload: jsonValue('payload').notNull(),
    occurredAt: moment('occurred_at').notNull(),
    receivedAt: moment('received_at').notNull().defaultNow(),
    expiresAt: moment('expires_at').notNull(),
    userId: integer('user_id'),
    flowType: varchar('flow_type', { length: 64 }),
    ...clientColumns(),
    /**
     * The content an event is about, for the creator data centre (issue 15 point 1): a detail
     * page view's (page id 637) content from its path, a share's from its payload. Generated, so
     * the collector writes nothing more and older rows have it too.
     */
    contentId: integer('content_id').generatedAlwaysAs(
      sql`case when event = 'pageView' and payload->>'pageId' = '637' then substring(payload->>'path' from '^/community/content/([0-9]{1,9})$')::integer when event = 'contentShare' and payload->>'contentId' ~ '^[0-9]{1,9}$' then (payload->>'contentId')::integer end`,
    ),
  },
  (t) => [
    // The partition key is part of every unique index of a partitioned table.
    primaryKey({ columns: [t.uuid, t.occurredAt] }),
    // Counts per event over time (the internal analytics page).
    index('analytics_events_event_occurred_idx').on(t.event, t.occurredAt),
    // A content's views and shares over a period (the data centre).
    index('analytics_events_content_idx')
      .on(t.contentId, t.event, t.occurredAt)
      .where(sql`content_id is not null`),
  ],
);

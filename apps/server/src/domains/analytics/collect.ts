import {
  type AnalyticsEventName,
  analyticsEventPayloads,
  analyticsEventSchema,
  type collectResultSchema,
} from '@h5/contract';
import { ANALYTICS_EVENT_EXPIRY_MS } from '@h5/core';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, rowsOf } from '../../db/client';
import { analyticsEvents } from '../../db/schema';
import { unstorableTextPath } from '../../plugins/stored-text';

type CollectResult = z.infer<typeof collectResultSchema>;

/** One good event as a row of `analytics_events` (snake_case: the JSON the insert reads). */
interface EventRow {
  uuid: string;
  tracker: string;
  event: string;
  payload: unknown;
  /** ISO time, exact to the millisecond. */
  occurred_at: string;
  expires_at: string;
  user_id: number | null;
  flow_type: string | null;
  anonymous_id: string | null;
  client_id: string | null;
  client_release: string | null;
}

/** How far ahead of the server clock an event's occurredAt may be (device clock skew). */
export const FUTURE_TOLERANCE_MS = 5 * 60_000;
/**
 * The longest an event lives: spec §4's 3-hour expiry, plus a minute of slack. An `expiresAt`
 * later than this after `occurredAt`, or an `occurredAt` longer ago than this, is no live event.
 */
export const EVENT_LIFETIME_MAX_MS = ANALYTICS_EVENT_EXPIRY_MS + 60_000;
/** The latest time stored: the end of year 9999 (later ones have no plain ISO form). */
const MAX_TIME_MS = Date.UTC(10_000, 0, 1) - 1;

/** Who sent the batch: the session user (if any) and the request's flow-type. */
export interface CollectSender {
  userId: number | null;
  flowType: string | null;
}

type Verdict = { ok: true; row: EventRow } | { ok: false; uuid: string | null; reason: string };

/** Zod issues as one reason naming each field: `payload.contentId: Invalid input: …; …`. */
function issuesReason(issues: readonly z.core.$ZodIssue[], prefix: readonly PropertyKey[] = []): string {
  return issues
    .map((issue) => {
      const field = [...prefix, ...issue.path].map(String).join('.');
      return field ? `${field}: ${issue.message}` : issue.message;
    })
    .join('; ');
}

const isEventName = (name: string): name is AnalyticsEventName => Object.hasOwn(analyticsEventPayloads, name);

/** The uuid of a raw event when it is a well-formed one, so a refusal can name it. */
function uuidOf(raw: unknown): string | null {
  if (raw === null || typeof raw !== 'object') return null;
  const parsed = analyticsEventSchema.shape.uuid.safeParse((raw as { uuid?: unknown }).uuid);
  return parsed.success ? parsed.data : null;
}

/**
 * One event of a batch, checked alone (the one place untrusted events are judged): the queued-event
 * shape, a known event name, its payload, text the database can store, times a live event has
 * (expiry at most 3 h + 1 min after it happened, happened at most that long ago), not expired,
 * not from the future.
 */
export function checkEvent(raw: unknown, now: number, sender: CollectSender): Verdict {
  const refuse = (reason: string): Verdict => ({ ok: false, uuid: uuidOf(raw), reason });
  const shape = analyticsEventSchema.safeParse(raw);
  if (!shape.success) return refuse(issuesReason(shape.error.issues));
  const event = shape.data;
  if (!isEventName(event.event)) return refuse(`unknown event ${JSON.stringify(event.event)}`);
  const payload = analyticsEventPayloads[event.event].safeParse(event.payload);
  if (!payload.success) return refuse(issuesReason(payload.error.issues, ['payload']));
  // Text PostgreSQL refuses would fail the whole insert: this event alone is refused.
  const unstorable = unstorableTextPath({
    tracker: event.tracker,
    payload: payload.data,
    clientId: event.clientId,
    release: event.release,
  });
  if (unstorable) return refuse(`${unstorable}: contains a NUL or an unpaired surrogate character`);
  if (event.expiresAt > MAX_TIME_MS) return refuse('expiresAt: later than the year 9999');
  if (event.expiresAt < event.occurredAt) return refuse('expiresAt: earlier than occurredAt');
  if (event.expiresAt - event.occurredAt > EVENT_LIFETIME_MAX_MS) {
    return refuse('expiresAt: more than 3 hours after occurredAt');
  }
  if (event.occurredAt < now - EVENT_LIFETIME_MAX_MS) return refuse('occurredAt: more than 3 hours ago');
  if (event.expiresAt < now) return refuse('expired');
  if (event.occurredAt > now + FUTURE_TOLERANCE_MS) {
    return refuse('occurredAt: more than 5 minutes in the future');
  }
  return {
    ok: true,
    row: {
      uuid: event.uuid,
      tracker: event.tracker,
      event: event.event,
      payload: payload.data,
      occurred_at: new Date(event.occurredAt).toISOString(),
      expires_at: new Date(event.expiresAt).toISOString(),
      user_id: sender.userId,
      flow_type: sender.flowType,
      anonymous_id: event.anonymousId ?? null,
      client_id: event.clientId ?? null,
      client_release: event.release ?? null,
    },
  };
}

/**
 * Stores rows in ONE statement, `ON CONFLICT (uuid, occurred_at) DO NOTHING`, and answers the
 * uuids it inserted. The key holds the partition key (a partitioned table's unique indexes must):
 * a resend carries its first `occurredAt` unchanged, so it is a no-op; the same uuid with another
 * time is another event claim, stored like a new uuid would be (docs/decisions/027). Rows go in
 * uuid order: concurrent batches holding the same uuids in other orders
 * (the tracker reads its queue in random order; a resend may overlap a slow first send) then
 * wait on each other instead of deadlocking. The batch travels as a single jsonb parameter
 * unpacked by `jsonb_to_recordset`: on both drivers ~2.5× faster than a 100-row VALUES list of
 * 800 bound parameters.
 */
async function insertNew(db: Db, rows: readonly EventRow[]): Promise<Set<string>> {
  const result = await db.execute(sql`
    INSERT INTO ${analyticsEvents} (uuid, tracker, event, payload, occurred_at, expires_at, user_id, flow_type,
      anonymous_id, client_id, client_release)
    SELECT uuid, tracker, event, payload, occurred_at, expires_at, user_id, flow_type,
      anonymous_id, client_id, client_release
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(
      uuid varchar, tracker varchar, event varchar, payload jsonb,
      occurred_at timestamptz, expires_at timestamptz, user_id integer, flow_type varchar,
      anonymous_id varchar, client_id varchar, client_release varchar
    )
    ORDER BY uuid
    ON CONFLICT (uuid, occurred_at) DO NOTHING
    RETURNING uuid
  `);
  return new Set(rowsOf<{ uuid: string }>(result).map((row) => row.uuid));
}

/** Rows one insert carries at most when it takes several waiting batches. */
export const GROUP_ROWS_MAX = 1000;
/** Inserts in flight at once per database handle: the collector's share of the node's pool. */
const WRITERS = 2;

interface Waiting {
  rows: EventRow[];
  done: (stored: Set<string>) => void;
  fail: (error: unknown) => void;
}
interface Writer {
  waiting: Waiting[];
  busy: number;
}
const writers = new WeakMap<Db, Writer>();

/**
 * Stores a batch's rows through the node's writers: while {@link WRITERS} inserts are in flight,
 * batches that arrive wait, and the next free writer stores them together in one insert (up to
 * {@link GROUP_ROWS_MAX} rows). A busy collector then pays one statement, one run of the roll-up
 * trigger and one commit per group instead of per batch: at 100 rows a statement those, not the
 * rows, were most of the database's time (docs/performance.md "Analytics ingest"). A group never
 * holds one uuid twice, so each batch gets back exactly the uuids it stored; a failed insert
 * fails every batch of its group (each answers an error and its tracker resends).
 */
function storeGrouped(db: Db, rows: EventRow[]): Promise<Set<string>> {
  let writer = writers.get(db);
  if (!writer) {
    writer = { waiting: [], busy: 0 };
    writers.set(db, writer);
  }
  const queue = writer;
  return new Promise((done, fail) => {
    queue.waiting.push({ rows, done, fail });
    if (queue.busy < WRITERS) void drain(db, queue);
  });
}

/** The next waiting batches that fit one insert: at least one, no uuid twice, at most GROUP_ROWS_MAX rows. */
function nextGroup(waiting: Waiting[]): Waiting[] {
  const group: Waiting[] = [];
  const uuids = new Set<string>();
  let size = 0;
  for (let next = waiting[0]; next; next = waiting[0]) {
    const collides = next.rows.some((row) => uuids.has(row.uuid));
    if (group.length > 0 && (size + next.rows.length > GROUP_ROWS_MAX || collides)) break;
    waiting.shift();
    group.push(next);
    size += next.rows.length;
    for (const row of next.rows) uuids.add(row.uuid);
  }
  return group;
}

/** One writer: stores groups of waiting batches until none is left. */
async function drain(db: Db, writer: Writer): Promise<void> {
  writer.busy++;
  try {
    for (let group = nextGroup(writer.waiting); group.length > 0; group = nextGroup(writer.waiting)) {
      try {
        const stored = await insertNew(
          db,
          group.flatMap((batch) => batch.rows),
        );
        for (const batch of group) {
          batch.done(new Set(batch.rows.filter((row) => stored.has(row.uuid)).map((row) => row.uuid)));
        }
      } catch (error) {
        for (const batch of group) batch.fail(error);
      }
    }
  } finally {
    writer.busy--;
  }
}

/**
 * Judges every event of a batch, then stores the good ones in one insert, shared with the batches
 * waiting beside it ({@link storeGrouped}): a uuid the insert stored for this batch is accepted,
 * any other good event a duplicate (stored before, by this or a concurrent batch, or earlier in
 * this batch). Every event of the batch gets exactly one
 * verdict.
 */
export async function collectEvents(
  db: Db,
  events: readonly unknown[],
  sender: CollectSender,
  now = Date.now(),
): Promise<CollectResult> {
  const rejected: CollectResult['rejected'] = [];
  /** uuid of each good event, in batch order (repeats included). */
  const good: string[] = [];
  const rows = new Map<string, EventRow>();
  events.forEach((raw, index) => {
    const verdict = checkEvent(raw, now, sender);
    if (!verdict.ok) {
      rejected.push({ index, uuid: verdict.uuid, reason: verdict.reason });
      return;
    }
    good.push(verdict.row.uuid);
    if (!rows.has(verdict.row.uuid)) rows.set(verdict.row.uuid, verdict.row);
  });
  if (rows.size === 0) return { accepted: [], duplicates: [], rejected };

  const stored = await storeGrouped(db, [...rows.values()]);
  const accepted: string[] = [];
  const duplicates: string[] = [];
  for (const uuid of good) {
    // The first occurrence of a stored uuid is the accepted one; its repeats are duplicates.
    if (stored.delete(uuid)) accepted.push(uuid);
    else duplicates.push(uuid);
  }
  return { accepted, duplicates, rejected };
}

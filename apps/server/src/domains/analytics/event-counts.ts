import { type AnalyticsEventName, analyticsEventPayloads } from '@h5/contract';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { analyticsEvents } from '../../db/schema';

export type Bucket = 'minute' | 'hour' | 'day';

/** One step per bucket, as absolute time (a day is 24 hours: buckets are UTC, no DST shifts). */
const STEP: Record<Bucket, string> = { minute: '1 minute', hour: '1 hour', day: '24 hours' };

/** The series of the chart: every typed event of the contract, in its order. */
const EVENT_NAMES = Object.keys(analyticsEventPayloads) as AnalyticsEventName[];

export interface EventCounts {
  bucket: Bucket;
  buckets: string[];
  series: { event: string; counts: number[] }[];
  total: number;
}

interface CountRow {
  /** Bucket start, epoch ms (a plain number on both drivers). */
  start_ms: number;
  event: string | null;
  n: number | null;
}

/**
 * Events per typed event per bucket, for the last `span` buckets up to the current one (UTC
 * bucket starts by `date_trunc`, on the database clock), by `occurred_at`. One query: the bucket
 * grid left-joined to the grouped counts, so empty buckets come back too and every series is
 * zero-filled. `event IN (…)` lets the (event, occurred_at) index serve each event's range.
 */
export async function eventCounts(db: Db, bucket: Bucket, span: number): Promise<EventCounts> {
  const step = sql`${STEP[bucket]}::interval`;
  const truncated = (value: unknown) => sql`date_trunc(${bucket}::text, ${value}, 'UTC')`;
  const result = await db.execute(sql`
    WITH grid AS (
      SELECT generate_series(
        ${truncated(sql`now()`)} - (${span}::int - 1) * ${step},
        ${truncated(sql`now()`)},
        ${step}
      ) AS start
    ),
    counts AS (
      SELECT ${analyticsEvents.event} AS event, ${truncated(analyticsEvents.occurredAt)} AS start, count(*)::int AS n
      FROM ${analyticsEvents}
      WHERE ${analyticsEvents.event} IN ${EVENT_NAMES}
        AND ${analyticsEvents.occurredAt} >= (SELECT min(start) FROM grid)
        AND ${analyticsEvents.occurredAt} < (SELECT max(start) FROM grid) + ${step}
      GROUP BY 1, 2
    )
    SELECT (extract(epoch FROM grid.start) * 1000)::float8 AS start_ms, counts.event, counts.n
    FROM grid LEFT JOIN counts ON counts.start = grid.start
    ORDER BY grid.start
  `);

  const buckets: string[] = [];
  const column = new Map<number, number>();
  const counts = new Map<string, number[]>(EVENT_NAMES.map((name) => [name, []]));
  for (const row of rowsOf<CountRow>(result)) {
    const start = Number(row.start_ms);
    if (!column.has(start)) {
      column.set(start, buckets.length);
      buckets.push(new Date(start).toISOString());
      for (const series of counts.values()) series.push(0);
    }
    const series = row.event === null ? undefined : counts.get(row.event);
    if (series) series[column.get(start) as number] = Number(row.n);
  }
  const series = [...counts].map(([event, values]) => ({ event, counts: values }));
  const total = series.reduce((sum, { counts: values }) => sum + values.reduce((a, b) => a + b, 0), 0);
  return { bucket, buckets, series, total };
}

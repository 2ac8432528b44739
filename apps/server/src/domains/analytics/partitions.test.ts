import { randomUUID } from 'node:crypto';
import { contract } from '@h5/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contents } from '../../db/schema';
import { analyticsEvent, createTestApp, selectRows, signedInUser, type TestApp } from '../../test-utils';
import type { PeriodBounds } from '../creator/data-center-period';
import { contentDays, contentFigures, summaryCounts } from '../creator/data-center-queries';
import { createComingPartitions, createPartitions, dropOldPartitions, PARTITION_DAYS_AHEAD } from './jobs';

// Issue 33 point 3 (decision 027): analytics_events partitioned by UTC day; retention drops whole
// days and the data centre's daily figures outlive them.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;
/** Far before any seeded or tested event: the days this file drops are only its own. */
const OLD_DAY = Date.UTC(2000, 0, 5);

const exists = async (name: string) =>
  (await selectRows<{ oid: string | null }>(t.db, sql`select to_regclass(${name})::text as oid`))[0]?.oid !=
  null;

const partitionOf = async (uuid: string) =>
  (
    await selectRows<{ part: string }>(
      t.db,
      sql`select tableoid::regclass::text as part from analytics_events where uuid = ${uuid}`,
    )
  )[0]?.part;

/** A new creator's new content. */
async function newContent() {
  const user = await signedInUser(t.app, t.db, 'partition-creator');
  const [row] = await t.db
    .insert(contents)
    .values({ authorId: user.userId, contentType: 2, title: '分区测试', body: '正文' })
    .returning({ id: contents.id });
  return { ...user, contentId: (row as { id: number }).id };
}

/** Detail page views of `contentId` at `at`, written straight into the table (times the collector refuses). */
async function insertViews(contentId: number, at: number, n: number): Promise<string[]> {
  const uuids = Array.from({ length: n }, () => randomUUID());
  for (const uuid of uuids) {
    await t.db.execute(sql`
      insert into analytics_events (uuid, tracker, event, payload, occurred_at, expires_at)
      values (${uuid}, 'h5', 'pageView', ${JSON.stringify({ pageId: 637, path: `/community/content/${contentId}` })}::jsonb,
        ${new Date(at).toISOString()}::timestamptz, ${new Date(at + 3_600_000).toISOString()}::timestamptz)`);
  }
  return uuids;
}

/** Whole China days around OLD_DAY, as the data centre's reads take them. */
const oldBounds: PeriodBounds = {
  period: 7,
  previousStart: new Date(Date.UTC(1999, 11, 25) - 8 * 3_600_000),
  start: new Date(Date.UTC(2000, 0, 1) - 8 * 3_600_000),
  end: new Date(Date.UTC(2000, 0, 8) - 8 * 3_600_000),
  days: [],
};

describe('analytics_events partitions', () => {
  it("creates today's and the coming days' partitions, and moves a missing day's events out of the default partition", async () => {
    await createPartitions(t.db);
    const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10).replaceAll('-', '');
    for (const offset of [-1, 0, 1, PARTITION_DAYS_AHEAD]) {
      expect(await exists(`analytics_events_${utcDay(Date.now() + offset * DAY)}`)).toBe(true);
    }
    const { contentId } = await newContent();
    const [stray] = await insertViews(contentId, OLD_DAY + 3_600_000, 1);
    expect(await partitionOf(stray as string)).toBe('analytics_events_default');
    expect(await createPartitions(t.db)).toBeGreaterThanOrEqual(1);
    expect(await partitionOf(stray as string)).toBe('analytics_events_20000105');
    // Moved straight between partitions: the roll-up counted it once, at its insert.
    const [figures] = await selectRows<{ views: number }>(
      t.db,
      sql`select views from content_daily_figures where content_id = ${contentId} and day = '2000-01-05'`,
    );
    expect(figures?.views).toBe(1);
    await cleanOldFigures();
  });

  it('creates the coming days at start-up only where missing', async () => {
    await createPartitions(t.db);
    expect(await createComingPartitions(t.db)).toBe(0);
    const lastDay = new Date(Date.now() + PARTITION_DAYS_AHEAD * DAY)
      .toISOString()
      .slice(0, 10)
      .replaceAll('-', '');
    await t.db.execute(sql.raw(`drop table analytics_events_${lastDay}`));
    expect(await createComingPartitions(t.db)).toBe(1);
    expect(await exists(`analytics_events_${lastDay}`)).toBe(true);
  });

  it("drops the days older than the retention and keeps the data centre's figures of them", async () => {
    const mine = await newContent();
    await insertViews(mine.contentId, OLD_DAY + 3_600_000, 3);
    await insertViews(mine.contentId, OLD_DAY + DAY + 3_600_000, 2);
    await createPartitions(t.db);
    // Lands in the default partition (no partition for it): deleted by the retention too.
    await insertViews(mine.contentId, OLD_DAY - 2 * DAY, 1);
    const before = {
      summary: await summaryCounts(t.db, mine.userId, oldBounds),
      list: await contentFigures(t.db, mine.userId, oldBounds, 'views', null, 10),
      days: await contentDays(t.db, mine.contentId, mine.userId, oldBounds),
    };
    expect(before.summary.views).toEqual({ cur: 6, prev: 0 });
    expect(before.list.map((row) => [row.id, row.views])).toEqual([[mine.contentId, 6]]);
    expect(
      before.days.filter((row) => row.figure === 'views').sort((a, b) => a.day.localeCompare(b.day)),
    ).toEqual([
      { figure: 'views', day: '2000-01-03', n: 1 },
      { figure: 'views', day: '2000-01-05', n: 3 },
      { figure: 'views', day: '2000-01-06', n: 2 },
    ]);

    // Retention to the end of 2000-01-05 (UTC): that day and earlier go, 2000-01-06 stays.
    const retentionDays = Math.floor((Date.now() - (OLD_DAY + DAY)) / DAY);
    const gone = await dropOldPartitions(t.db, retentionDays);
    expect(gone).toBeGreaterThanOrEqual(4);
    expect(await exists('analytics_events_20000105')).toBe(false);
    expect(await exists('analytics_events_20000106')).toBe(true);
    const left = await selectRows<{ n: number }>(
      t.db,
      sql`select count(*)::integer as n from analytics_events
      where content_id = ${mine.contentId}`,
    );
    expect(left[0]?.n).toBe(2);

    expect(await summaryCounts(t.db, mine.userId, oldBounds)).toEqual(before.summary);
    expect(await contentFigures(t.db, mine.userId, oldBounds, 'views', null, 10)).toEqual(before.list);
    expect(await contentDays(t.db, mine.contentId, mine.userId, oldBounds)).toEqual(before.days);

    await dropOldPartitions(t.db, Math.floor((Date.now() - (OLD_DAY + 2 * DAY)) / DAY));
    expect(await exists('analytics_events_20000106')).toBe(false);
    await cleanOldFigures();
  });

  it('counts a concurrent burst of the same page views once, in the events and in the daily figures', async () => {
    const { contentId } = await newContent();
    const reader = await signedInUser(t.app, t.db, 'partition-burst');
    const events = Array.from({ length: 40 }, () =>
      analyticsEvent({
        event: 'pageView',
        payload: { pageId: 637, path: `/community/content/${contentId}` },
      }),
    );
    const batches = [events, [...events].reverse(), events, [...events].reverse(), events];
    const answers = await Promise.all(
      batches.map((batch) =>
        t.signedInject(contract.analytics.collectEvents, { events: batch }, { cookies: reader.cookies }),
      ),
    );
    expect(answers.flatMap((res) => res.body.data.accepted)).toHaveLength(events.length);
    const [stored] = await selectRows<{ n: number }>(
      t.db,
      sql`select count(*)::integer as n from analytics_events where content_id = ${contentId}`,
    );
    const [rolled] = await selectRows<{ n: number }>(
      t.db,
      sql`select coalesce(sum(views), 0)::integer as n from content_daily_figures where content_id = ${contentId}`,
    );
    expect([stored?.n, rolled?.n]).toEqual([40, 40]);
  });
});

/**
 * This file's year-2000 figures: the other files compare the daily figures with a recount of
 * the events, which no longer holds the dropped days.
 */
async function cleanOldFigures() {
  await t.db.execute(sql`delete from analytics_events where occurred_at < '2001-01-01'`);
  await t.db.execute(sql`delete from content_daily_figures where day < '2001-01-01'`);
  await t.db.execute(sql`delete from creator_daily_figures where day < '2001-01-01'`);
}

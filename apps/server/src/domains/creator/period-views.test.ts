import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { contents } from '../../db/schema';
import { createTestApp, insertTestUsers, selectRows, type TestApp } from '../../test-utils';
import { periodBounds } from './data-center-period';
import { type ContentFiguresRow, contentFigures, type ListAfter } from './data-center-queries';
import { advancePeriodViews } from './jobs';

// Issue 33 point 2: the content list by views reads `content_period_views` (migration 0045),
// each content's views in the 7, 30 and 90 China days ending on `content_period_views_day`,
// kept by a trigger on `content_daily_figures` and slid at China midnight by the job. After any
// mix of views inserted, moved across day boundaries and deleted, contents written late or moved
// to another author, slides of one day or of more than a period, and a burst of views racing a
// slide (on PostgreSQL with DATABASE_URL, pooled connections), the windows equal counting the
// events; and the list's pages equal the sums of the days (the query it had before).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;
const PERIODS = [7, 30, 90] as const;

/**
 * Every row of the windows that differs from counting the detail page views of the contents
 * there are now, per author, period and content, on the days ending on the windows' day: []
 * when right.
 */
async function windowsMismatch(db: Db = t.db): Promise<unknown[]> {
  const counted = sql`
    select c.author_id, p.period, e.content_id, count(*)::integer as views
    from analytics_events e join contents c on c.id = e.content_id
    cross join content_period_views_day s cross join unnest(array[7, 30, 90]::smallint[]) p (period)
    where e.event = 'pageView'
      and (e.occurred_at at time zone 'UTC' + interval '8 hours')::date <= s.day
      and (e.occurred_at at time zone 'UTC' + interval '8 hours')::date > s.day - p.period
    group by 1, 2, 3`;
  const kept = sql`select author_id, p.period, content_id, p.views from content_period_views,
    lateral (values (7, views_7), (30, views_30), (90, views_90)) p (period, views) where p.views <> 0`;
  return selectRows(
    db,
    sql`(${counted} except all ${kept}) union all (select * from (${kept} except all ${counted}) extra)`,
  );
}

/** The China day the windows end on, and today's. */
async function windowsDay(db: Db = t.db) {
  const [row] = await selectRows<{ day: string; today: string }>(
    db,
    sql`select to_char(day, 'YYYY-MM-DD') as day,
      to_char((now() at time zone 'UTC' + interval '8 hours')::date, 'YYYY-MM-DD') as today
      from content_period_views_day`,
  );
  return row as { day: string; today: string };
}

/**
 * The windows rebuilt `days` back from today, as the job would have left them then (under the
 * slide's lock: writers wait, then add to the rebuilt windows).
 */
const rewind = (db: Db, days: number) =>
  db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('content_period_views'), 0)`);
    await tx.execute(sql`delete from content_period_views`);
    await tx.execute(sql`update content_period_views_day
      set day = (now() at time zone 'UTC' + interval '8 hours')::date - ${days}::integer`);
    await tx.execute(sql`
      insert into content_period_views (author_id, content_id, views_7, views_30, views_90)
      select f.author_id, f.content_id, coalesce(sum(f.views) filter (where f.day > s.day - 7), 0),
        coalesce(sum(f.views) filter (where f.day > s.day - 30), 0), sum(f.views)
      from content_daily_figures f cross join content_period_views_day s
      where f.author_id is not null and f.day <= s.day and f.day > s.day - 90
      group by 1, 2 having sum(f.views) <> 0`);
  });

const newUsers = (n: number, name: string) => insertTestUsers(t.db, n, name);

async function newContent(authorId: number, db: Db = t.db): Promise<number> {
  const [row] = await db
    .insert(contents)
    .values({ authorId, contentType: 2, title: '周期浏览', body: '正文' })
    .returning({ id: contents.id });
  return (row as { id: number }).id;
}

/** A detail page view of `contentId` stored as the collector stores it, at `at` (ms). */
const storeView = (contentId: number, at: number, db: Db = t.db) =>
  db.execute(sql`
    insert into analytics_events (uuid, tracker, event, payload, occurred_at, received_at, expires_at)
    values (${randomUUID()}, 'h5', 'pageView', ${JSON.stringify({ pageId: 637, path: `/community/content/${contentId}` })}::jsonb,
      ${new Date(at).toISOString()}::timestamptz, now(), now() + interval '1 day')`);

/** The first instant of the China day `daysAgo` before today, plus `ms`. */
const chinaDay = (daysAgo: number, ms = 0) => periodBounds(7).end.getTime() - (daysAgo + 1) * DAY + ms;

/** Every page of the content list by views, `limit` rows a page. */
async function allPages(db: Db, authorId: number, period: 7 | 30 | 90, limit: number) {
  const pages: ContentFiguresRow[][] = [];
  let after: ListAfter = null;
  for (let i = 0; i < 200; i++) {
    const rows = await contentFigures(db, authorId, periodBounds(period), 'views', after, limit + 1);
    pages.push(rows.slice(0, limit));
    if (rows.length <= limit) break;
    const last = rows[limit - 1] as ContentFiguresRow;
    after = { sort: 'views', rank: last.views, id: last.id };
  }
  return pages.map((page) => page.map((r) => [r.id, r.views, r.lights, r.comments]));
}

/** The same pages summed from the days: the windows' day set to one the read never asks. */
async function allPagesFromDays(authorId: number, period: 7 | 30 | 90, limit: number) {
  let pages: unknown[] = [];
  await t.db
    .transaction(async (tx) => {
      await tx.execute(sql`update content_period_views_day set day = '2000-01-01'`);
      pages = await allPages(tx as unknown as Db, authorId, period, limit);
      tx.rollback();
    })
    .catch((e: Error) => {
      if (!/rollback/i.test(e.message)) throw e;
    });
  return pages;
}

describe('content list by views: the period windows', () => {
  it('the migration counted the seeded views, up to today', async () => {
    const { day, today } = await windowsDay();
    expect(day).toBe(today);
    expect(await windowsMismatch()).toEqual([]);
    const [row] = await selectRows<{ n: number }>(
      t.db,
      sql`select count(*)::integer as n from content_period_views where author_id = 1 and views_30 > 0`,
    );
    expect(row?.n).toBeGreaterThan(0);
  });

  it('count the events through views on both sides of each boundary, moves, deletes, late contents and author changes', async () => {
    const [author, other] = (await newUsers(2, '周期作者')) as [number, number];
    const mine = await newContent(author);
    // The last instant of a day inside each window and the first of the day before it.
    for (const days of [0, 6, 7, 29, 30, 89, 90])
      for (const ms of [0, DAY - 1]) await storeView(mine, chinaDay(days, ms));
    // Tomorrow in China: after the windows' day, counted once they slide to it.
    await storeView(mine, chinaDay(-1, 5));
    expect(await windowsMismatch()).toEqual([]);
    const views = async (authorId: number) =>
      selectRows<{ period: number; views: number }>(
        t.db,
        sql`select p.period, p.views from content_period_views,
          lateral (values (7, views_7), (30, views_30), (90, views_90)) p (period, views)
          where author_id = ${authorId} and p.views <> 0 order by 1`,
      );
    expect(await views(author)).toEqual([
      { period: 7, views: 4 },
      { period: 30, views: 8 },
      { period: 90, views: 12 },
    ]);
    // A view of a content not written yet counts once it is, for its author.
    const [row] = await selectRows<{ early: number }>(
      t.db,
      sql`select coalesce(max(id), 0) + 3000000 as early from contents`,
    );
    const early = row?.early as number;
    await storeView(early, chinaDay(1));
    await storeView(early, chinaDay(40));
    expect(await windowsMismatch()).toEqual([]);
    await t.db.execute(
      sql`insert into contents (id, author_id, content_type, title, body) values (${early}, ${author}, 2, '后写的', '正文')`,
    );
    expect(await windowsMismatch()).toEqual([]);
    // Moved across the boundaries: day 6 to day 7 (out of the 7 days), day 90 to day 89 (into the 90).
    await t.db.execute(sql`update analytics_events set occurred_at = occurred_at - interval '1 day'
      where content_id = ${mine} and occurred_at >= ${new Date(chinaDay(6)).toISOString()}::timestamptz
        and occurred_at < ${new Date(chinaDay(5)).toISOString()}::timestamptz`);
    await t.db.execute(sql`update analytics_events set occurred_at = occurred_at + interval '1 day'
      where content_id = ${mine} and occurred_at >= ${new Date(chinaDay(90)).toISOString()}::timestamptz
        and occurred_at < ${new Date(chinaDay(89)).toISOString()}::timestamptz`);
    expect(await windowsMismatch()).toEqual([]);
    await t.db.execute(
      sql`delete from analytics_events where content_id = ${mine} and occurred_at >= ${new Date(chinaDay(29)).toISOString()}::timestamptz
        and occurred_at < ${new Date(chinaDay(28)).toISOString()}::timestamptz`,
    );
    await t.db.execute(sql`update contents set author_id = ${other} where id = ${mine}`);
    expect(await windowsMismatch()).toEqual([]);
    expect(await views(other)).toEqual([
      { period: 7, views: 2 },
      { period: 30, views: 6 },
      { period: 90, views: 12 },
    ]);
    await t.db.execute(sql`delete from contents where id = ${early}`);
    expect(await windowsMismatch()).toEqual([]);
    expect((await views(author)).filter((r) => r.views !== 0)).toEqual([]);
  });

  it('slide to today by one day and by more than a period, counting the days that came meanwhile', async () => {
    const [author] = (await newUsers(1, '周期滑动作者')) as [number];
    const post = await newContent(author);
    for (const days of [0, 1, 2, 6, 7, 8, 29, 30, 31, 89, 90, 91, 120])
      await storeView(post, chinaDay(days, 3_600_000));
    // In one transaction, rolled back: other tests' writers wait for the slide's lock.
    const seen: unknown[] = [];
    await t.db
      .transaction(async (tx) => {
        const db = tx as unknown as Db;
        for (const back of [1, 2, 45, 100]) {
          await rewind(db, back);
          seen.push(await windowsMismatch(db));
          // A view on a day after the rewound windows: waits for the slide.
          await storeView(post, chinaDay(back - 1, 7_200_000), db);
          seen.push(await windowsMismatch(db));
          expect(await advancePeriodViews(db)).toBeGreaterThan(0);
          const { day, today } = await windowsDay(db);
          expect(day).toBe(today);
          seen.push(await windowsMismatch(db));
          expect(await advancePeriodViews(db)).toBe(0);
        }
        tx.rollback();
      })
      .catch((e: Error) => {
        if (!/rollback/i.test(e.message)) throw e;
      });
    expect(seen).toEqual(seen.map(() => []));
    expect(await windowsMismatch()).toEqual([]);
  });

  it('stay a count of the events after a burst of views, moves and deletes racing a slide', async () => {
    const authors = await newUsers(3, '周期并发作者');
    const posts = await Promise.all(authors.flatMap((a) => [newContent(a), newContent(a)]));
    await rewind(t.db, 1);
    await Promise.all([
      ...posts.flatMap((post, i) =>
        [0, 1, 6, 7, 29, 30, 89, 90].map((days) => storeView(post, chinaDay(days, i * 60_000))),
      ),
      advancePeriodViews(t.db),
      // Days 7, 29 and 89 back to 8, 30 and 90: out of each window.
      ...posts.map((post) =>
        t.db.execute(sql`update analytics_events set occurred_at = occurred_at - interval '1 day'
          where content_id = ${post} and occurred_at < ${new Date(chinaDay(6)).toISOString()}::timestamptz`),
      ),
      ...posts.map((post) =>
        t.db.execute(sql`delete from analytics_events where content_id = ${post}
          and occurred_at >= ${new Date(chinaDay(0)).toISOString()}::timestamptz
          and occurred_at < ${new Date(chinaDay(0, 1_000)).toISOString()}::timestamptz`),
      ),
      advancePeriodViews(t.db),
    ]);
    // -1: the writers held the lock for 500 ms; the job's next run slides them.
    for (let i = 0; i < 20 && (await advancePeriodViews(t.db)) === -1; i++);
    const { day, today } = await windowsDay();
    expect(day).toBe(today);
    expect(await windowsMismatch()).toEqual([]);
  });

  // PGlite runs one transaction at a time: a writer cannot hold the lock while the job asks.
  it.runIf(process.env.DATABASE_URL)(
    'gives up the slide, not the writers, while a writer holds the lock',
    async () => {
      const [author] = (await newUsers(1, '周期等锁作者')) as [number];
      const post = await newContent(author);
      await rewind(t.db, 1);
      let answer: number | undefined;
      await t.db.transaction(async (tx) => {
        await storeView(post, Date.now(), tx as unknown as Db);
        const started = Date.now();
        answer = await advancePeriodViews(t.db);
        expect(Date.now() - started).toBeLessThan(5_000);
      });
      expect(answer).toBe(-1);
      expect((await windowsDay()).day).not.toBe((await windowsDay()).today);
      expect(await advancePeriodViews(t.db)).toBeGreaterThan(0);
      expect(await windowsMismatch()).toEqual([]);
    },
  );
});

describe('content list by views: the same pages as summing the days', () => {
  it("gives the seeded creator's and a new creator's pages, figures and order as before", async () => {
    const [author] = (await newUsers(1, '周期列表作者')) as [number];
    // Ties on views, unviewed contents, a content viewed only before the period.
    const posts: number[] = [];
    for (let i = 0; i < 9; i++) posts.push(await newContent(author));
    for (const [i, post] of posts.entries())
      for (let k = 0; k < i % 4; k++) await storeView(post, chinaDay(k * 3, 1_000));
    await storeView(posts[8] as number, chinaDay(95));
    for (const [authorId, limit] of [
      [1, 7],
      [1, 20],
      [author, 2],
    ] as const)
      for (const period of PERIODS) {
        const pages = await allPages(t.db, authorId, period, limit);
        expect(pages.flat().length).toBeGreaterThan(0);
        expect(pages).toEqual(await allPagesFromDays(authorId, period, limit));
      }
  });
});

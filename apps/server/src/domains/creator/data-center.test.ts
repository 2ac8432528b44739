import { randomUUID } from 'node:crypto';
import { contract } from '@h5/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { contents, follows } from '../../db/schema';
import { analyticsEvent, createTestApp, signedInUser, type TestApp } from '../../test-utils';

// Issue 15 point 1. Every figure is checked against SQL over the raw rows: page views from the
// stored payload's path (not the generated content_id), periods as China calendar days.

let t: TestApp;
/** The seeded demo creator (user 1, 90 days of history). */
let creator: { duToken: string };
beforeAll(async () => {
  t = await createTestApp();
  creator = { duToken: (await t.app.deps.sessions.create(1)).duToken };
});
afterAll(() => t.close());

const DAY = 86_400_000;
/** The first instant of the last `days` China days, and the one `days` before it (literal +8 h). */
function bounds(days: number) {
  const tomorrow = (Math.floor((Date.now() + 8 * 3_600_000) / DAY) + 1) * DAY - 8 * 3_600_000;
  return {
    start: new Date(tomorrow - days * DAY).toISOString(),
    prev: new Date(tomorrow - 2 * days * DAY).toISOString(),
    end: new Date(tomorrow).toISOString(),
  };
}

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  return rowsOf<T>(await t.db.execute(query))[0] as T;
}

/** Views of a user's contents in [from, to), from the raw payloads. */
const rawViews = (userId: number, from: string, to: string) =>
  one<{ n: number }>(sql`
    select count(*)::integer as n from analytics_events
    where event = 'pageView' and payload->>'pageId' = '637'
      and payload->>'path' in (select '/community/content/' || id from contents where author_id = ${userId})
      and occurred_at >= ${from}::timestamptz and occurred_at < ${to}::timestamptz`);

const summery = (cookies: Record<string, string>, period?: 7 | 30 | 90) =>
  t.signedInject(contract.creator.dataCenterSummery, period ? { period } : {}, { cookies });

/** A new creator with one content, signed in. */
async function newCreator() {
  const user = await signedInUser(t.app, t.db, 'data-centre-creator');
  const [row] = await t.db
    .insert(contents)
    .values({ authorId: user.userId, contentType: 2, title: '数据中心测试', body: '正文' })
    .returning({ id: contents.id });
  return { ...user, contentId: (row as { id: number }).id };
}

const view = (contentId: number, cookies?: Record<string, string>) =>
  t.signedInject(
    contract.analytics.collectEvents,
    {
      events: [
        analyticsEvent({
          event: 'pageView',
          payload: { pageId: 637, path: `/community/content/${contentId}` },
        }),
      ],
    },
    cookies ? { cookies } : {},
  );

describe('data centre: summery', () => {
  it('asks for a login (7999) and refuses a period other than 7, 30 or 90', async () => {
    const res = await t.signedInject(contract.creator.dataCenterSummery, { period: 7 });
    expect(res.body.code).toBe(7999);
    const bad = await t.signedInject(
      contract.creator.dataCenterSummery,
      { period: 14 as 7 },
      { cookies: creator },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('period: 须为 7、30 或 90');
  });

  it('gives the seeded creator 90 days of history, each figure as SQL over the raw rows counts it', async () => {
    for (const period of [7, 30, 90] as const) {
      const res = await summery(creator, period);
      expect(res.body.code).toBe(200);
      const data = res.body.data;
      const b = bounds(period);
      expect(data.views.value).toBe((await rawViews(1, b.start, b.end)).n);
      expect(data.views.previous).toBe((await rawViews(1, b.prev, b.start)).n);
      const lights = await one<{ n: number }>(sql`select count(*)::integer as n from content_lights
        where content_id in (select id from contents where author_id = 1)
        and created_at >= ${b.start}::timestamptz and created_at < ${b.end}::timestamptz`);
      expect(data.lights.value).toBe(lights.n);
      const comments = await one<{ n: number }>(sql`select count(*)::integer as n from replies
        where content_id in (select id from contents where author_id = 1)
        and created_at >= ${b.start}::timestamptz and created_at < ${b.end}::timestamptz`);
      expect(data.comments.value).toBe(comments.n);
      const fans = await one<{ n: number }>(sql`select count(*)::integer as n from follows
        where followee_id = 1 and created_at >= ${b.prev}::timestamptz and created_at < ${b.start}::timestamptz`);
      expect(data.newFans.previous).toBe(fans.n);
      const shares = await one<{ n: number }>(sql`select count(*)::integer as n from analytics_events
        where event = 'contentShare' and (payload->>'contentId')::integer in (select id from contents where author_id = 1)
        and occurred_at >= ${b.start}::timestamptz and occurred_at < ${b.end}::timestamptz`);
      expect(data.shares.value).toBe(shares.n);
      expect(data.period).toBe(period);
    }
    const quarter = (await summery(creator, 90)).body.data;
    // The seed's history gives every figure shape.
    expect(quarter.views.value).toBeGreaterThan(300);
    expect(quarter.lights.value).toBeGreaterThan(20);
    expect(quarter.comments.value).toBeGreaterThan(10);
    expect(quarter.newFans.value).toBeGreaterThan(5);
    expect(quarter.shares.value).toBeGreaterThan(5);
  });

  it('counts a view posted through the collector, a light, a comment and a new fan at once', async () => {
    const mine = await newCreator();
    const reader = await signedInUser(t.app, t.db, 'data-centre-reader');
    const before = (await summery(mine.cookies)).body.data;
    expect(before.views).toEqual({ value: 0, previous: 0, change: null });

    expect((await view(mine.contentId, reader.cookies)).body.data?.accepted).toHaveLength(1);
    await view(mine.contentId);
    await t.signedInject(
      contract.community.addContentLight,
      { contentId: mine.contentId },
      { cookies: reader.cookies },
    );
    await t.signedInject(
      contract.community.replyAdd,
      { contentId: mine.contentId, content: '写得好', requestId: randomUUID() },
      { cookies: reader.cookies },
    );
    await t.signedInject(contract.community.followAdd, { userId: mine.userId }, { cookies: reader.cookies });

    const after = (await summery(mine.cookies)).body.data;
    expect(after.views.value).toBe(2);
    expect(after.lights.value).toBe(1);
    expect(after.comments.value).toBe(1);
    expect(after.newFans.value).toBe(1);
    expect(after.shares.value).toBe(0);
  });
});

/**
 * The daily figures as counting the rows gives them (what the triggers of migration 0023 keep),
 * against what `creator_daily_figures` holds; days whose figures are all zero left out.
 */
async function dailyFiguresMismatch(): Promise<unknown[]> {
  const counted = sql`
    select author_id, (happened at time zone 'UTC' + interval '8 hours')::date as day, sum(views)::integer as views,
      sum(shares)::integer as shares, sum(lights)::integer as lights, sum(comments)::integer as comments,
      sum(new_fans)::integer as new_fans
    from (
      select c.author_id, e.occurred_at, (e.event = 'pageView')::integer, (e.event = 'contentShare')::integer, 0, 0, 0
      from analytics_events e join contents c on c.id = e.content_id
      union all select c.author_id, l.created_at, 0, 0, 1, 0, 0 from content_lights l join contents c on c.id = l.content_id
      union all select c.author_id, r.created_at, 0, 0, 0, 1, 0 from replies r join contents c on c.id = r.content_id
      union all select f.followee_id, f.created_at, 0, 0, 0, 0, 1 from follows f
    ) d (author_id, happened, views, shares, lights, comments, new_fans)
    group by 1, 2`;
  const kept = sql`select author_id, day, views, shares, lights, comments, new_fans from creator_daily_figures
    where views <> 0 or shares <> 0 or lights <> 0 or comments <> 0 or new_fans <> 0`;
  return rowsOf(
    await t.db.execute(
      sql`(${counted} except all ${kept}) union all (select * from (${kept} except all ${counted}) extra)`,
    ),
  );
}

/**
 * Each content's daily views and shares as counting the events gives them (what the triggers of
 * migration 0039 keep, also for contents not written yet), and its author now (migration 0042),
 * against `content_daily_figures`.
 */
async function contentFiguresMismatch(): Promise<unknown[]> {
  const counted = sql`
    select e.content_id, (e.occurred_at at time zone 'UTC' + interval '8 hours')::date as day,
      count(*) filter (where e.event = 'pageView')::integer as views,
      count(*) filter (where e.event = 'contentShare')::integer as shares, c.author_id
    from analytics_events e left join contents c on c.id = e.content_id
    where e.content_id is not null group by 1, 2, 5`;
  const kept = sql`select content_id, day, views, shares, author_id from content_daily_figures
    where views <> 0 or shares <> 0`;
  return rowsOf(
    await t.db.execute(
      sql`(${counted} except all ${kept}) union all (select * from (${kept} except all ${counted}) extra)`,
    ),
  );
}

describe('data centre: daily figures', () => {
  it('stay what counting the rows gives through unlights, deleted comments, unfollows, moved times and an author change', async () => {
    expect(await dailyFiguresMismatch()).toEqual([]);
    expect(await contentFiguresMismatch()).toEqual([]);
    const mine = await newCreator();
    const other = await newCreator();
    const reader = await signedInUser(t.app, t.db, 'data-centre-churn');
    const as = { cookies: reader.cookies };
    // A view of a content that does not exist yet (an id far past the others): it counts once the
    // content is written.
    const [{ early }] = rowsOf<{ early: number }>(
      await t.db.execute(sql`select coalesce(max(id), 0) + 1000000 as early from contents`),
    ) as [{ early: number }];
    await view(early, reader.cookies);
    await view(mine.contentId, reader.cookies);
    await t.signedInject(contract.community.addContentLight, { contentId: mine.contentId }, as);
    const reply = await t.signedInject(
      contract.community.replyAdd,
      { contentId: mine.contentId, content: '先评后删', requestId: randomUUID() },
      as,
    );
    await t.signedInject(
      contract.community.replyAdd,
      { contentId: mine.contentId, content: '留下的', requestId: randomUUID() },
      as,
    );
    await t.signedInject(contract.community.followAdd, { userId: mine.userId }, as);
    await t.signedInject(contract.community.followAdd, { userId: other.userId }, as);
    expect(await dailyFiguresMismatch()).toEqual([]);
    expect(await contentFiguresMismatch()).toEqual([]);

    await t.signedInject(contract.community.delContentLight, { contentId: mine.contentId }, as);
    await t.signedInject(contract.community.replyDelete, { replyId: reply.body.data.reply.replyId }, as);
    await t.signedInject(contract.community.followAdd, { userId: other.userId, follow: false }, as);
    await t.db.execute(
      sql`insert into contents (id, author_id, content_type, title, body) values (${early}, ${mine.userId}, 2, '后写的', '正文')`,
    );
    await t.db.execute(
      sql`update follows set created_at = created_at - interval '40 days' where followee_id = ${mine.userId}`,
    );
    await t.db.execute(
      sql`update analytics_events set occurred_at = occurred_at - interval '3 days' where content_id = ${mine.contentId}`,
    );
    await t.db.execute(sql`update contents set author_id = ${other.userId} where id = ${mine.contentId}`);
    expect(await dailyFiguresMismatch()).toEqual([]);
    expect(await contentFiguresMismatch()).toEqual([]);
    const theirs = (await summery(other.cookies, 7)).body.data;
    // The moved content's view (three days back) and remaining comment; the unfollow gone.
    expect([theirs.views.value, theirs.comments.value, theirs.newFans.value]).toEqual([1, 1, 0]);
    const own = (await summery(mine.cookies, 7)).body.data;
    // The early view; the light taken back; the follow moved 40 days back.
    expect([own.views.value, own.lights.value, own.comments.value, own.newFans.value]).toEqual([1, 0, 0, 0]);
    expect((await summery(mine.cookies, 90)).body.data.newFans.value).toBe(1);
  });
});

describe('data centre: content-list', () => {
  it('pages through every content of the creator once, most viewed first, figures as SQL counts them', async () => {
    const seen: Array<{ contentId: number; views: number; lights: number; comments: number }> = [];
    let lastId: string | undefined;
    for (let page = 0; page < 20; page++) {
      const res = await t.signedInject(
        contract.creator.dataCenterContentList,
        { period: 30, sort: 'views', limit: 7, ...(lastId ? { lastId } : {}) },
        { cookies: creator },
      );
      expect(res.body.code).toBe(200);
      seen.push(...res.body.data.list);
      if (!res.body.data.hasMore) break;
      lastId = res.body.data.lastId as string;
    }
    const all = await one<{ n: number }>(
      sql`select count(*)::integer as n from contents where author_id = 1`,
    );
    expect(seen).toHaveLength(all.n);
    expect(new Set(seen.map((c) => c.contentId)).size).toBe(all.n);
    for (let i = 1; i < seen.length; i++)
      expect((seen[i - 1] as { views: number }).views).toBeGreaterThanOrEqual(
        (seen[i] as { views: number }).views,
      );
    const top = seen[0] as (typeof seen)[number];
    const b = bounds(30);
    const raw = await one<{ views: number; lights: number; comments: number }>(sql`select
      (select count(*) from analytics_events where event = 'pageView' and payload->>'path' = ${`/community/content/${top.contentId}`}
        and occurred_at >= ${b.start}::timestamptz and occurred_at < ${b.end}::timestamptz)::integer as views,
      (select count(*) from content_lights where content_id = ${top.contentId}
        and created_at >= ${b.start}::timestamptz and created_at < ${b.end}::timestamptz)::integer as lights,
      (select count(*) from replies where content_id = ${top.contentId}
        and created_at >= ${b.start}::timestamptz and created_at < ${b.end}::timestamptz)::integer as comments`);
    expect({ views: top.views, lights: top.lights, comments: top.comments }).toEqual(raw);
    expect(top.views).toBeGreaterThan(20);
  });

  it('sorts by lights and by newest, and refuses an unknown sort', async () => {
    const byLights = await t.signedInject(
      contract.creator.dataCenterContentList,
      { period: 90, sort: 'lights', limit: 40 },
      { cookies: creator },
    );
    const lights = byLights.body.data.list.map((c) => c.lights);
    expect(lights).toEqual([...lights].sort((a, b) => b - a));
    const newest = await t.signedInject(
      contract.creator.dataCenterContentList,
      { period: 7, sort: 'newest', limit: 5 },
      { cookies: creator },
    );
    const ids = rowsOf<{ id: number }>(
      await t.db.execute(
        sql`select id from contents where author_id = 1 order by created_at desc, id desc limit 5`,
      ),
    );
    expect(newest.body.data.list.map((c) => c.contentId)).toEqual(ids.map((r) => r.id));
    const bad = await t.signedInject(
      contract.creator.dataCenterContentList,
      { period: 7, sort: 'shares' as 'views', limit: 5 },
      { cookies: creator },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('sort: 须为 views、lights 或 newest');
  });
});

describe('data centre: content-detail', () => {
  it("gives one content's days, summing to SQL's totals, and refuses another creator's content", async () => {
    const top = (
      await t.signedInject(
        contract.creator.dataCenterContentList,
        { period: 90, sort: 'views', limit: 1 },
        { cookies: creator },
      )
    ).body.data.list[0] as { contentId: number };
    const res = await t.signedInject(
      contract.creator.dataCenterContentDetail,
      { contentId: top.contentId, period: 90 },
      { cookies: creator },
    );
    expect(res.body.code).toBe(200);
    const data = res.body.data;
    expect(data.days).toHaveLength(90);
    expect(data.days.at(-1)?.date).toBe(new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10));
    const b = bounds(90);
    expect(data.totals.views).toBe(
      (
        await one<{
          n: number;
        }>(sql`select count(*)::integer as n from analytics_events where event = 'pageView'
        and payload->>'path' = ${`/community/content/${top.contentId}`}
        and occurred_at >= ${b.start}::timestamptz and occurred_at < ${b.end}::timestamptz`)
      ).n,
    );
    expect(data.days.reduce((n, d) => n + d.views, 0)).toBe(data.totals.views);
    expect(data.days.filter((d) => d.views > 0).length).toBeGreaterThan(45);

    const other = await newCreator();
    const refused = await t.signedInject(
      contract.creator.dataCenterContentDetail,
      { contentId: other.contentId, period: 7 },
      { cookies: creator },
    );
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ code: 403, msg: '只能查看自己内容的数据', data: null });
    const missing = await t.signedInject(
      contract.creator.dataCenterContentDetail,
      { contentId: 2_000_000_000, period: 7 },
      { cookies: creator },
    );
    expect(missing.body.code).toBe(404);
    expect(missing.body.msg).toBe('内容不存在或已被删除');
  });

  it('counts a new fan for the content the follower viewed before following', async () => {
    const mine = await newCreator();
    const reader = await signedInUser(t.app, t.db, 'data-centre-fan');
    await view(mine.contentId, reader.cookies);
    await t.signedInject(contract.community.followAdd, { userId: mine.userId }, { cookies: reader.cookies });
    const res = await t.signedInject(
      contract.creator.dataCenterContentDetail,
      { contentId: mine.contentId, period: 7 },
      { cookies: mine.cookies },
    );
    expect(res.body.data.totals).toEqual({ views: 1, lights: 0, comments: 0, newFans: 1 });
    expect(res.body.data.days.at(-1)).toMatchObject({ views: 1, newFans: 1 });
  });
});

describe('data centre: fans-portrait', () => {
  it("counts the creator's followers by gender, age band and region as SQL does", async () => {
    const res = await t.signedInject(contract.creator.dataCenterFansPortrait, {}, { cookies: creator });
    expect(res.body.code).toBe(200);
    const data = res.body.data;
    const total = await one<{ n: number }>(
      sql`select count(*)::integer as n from follows where followee_id = 1`,
    );
    expect(data.total).toBe(total.n);
    const women = await one<{ n: number }>(sql`select count(*)::integer as n from follows f
      join users u on u.id = f.follower_id where f.followee_id = 1 and u.gender = 2`);
    expect(data.gender.find((s) => s.key === 'female')?.count).toBe(women.n);
    expect(women.n).toBeGreaterThan(0);
    const sum = (slices: Array<{ count: number }>) => slices.reduce((n, s) => n + s.count, 0);
    expect(sum(data.gender)).toBe(total.n);
    expect(sum(data.ageBands)).toBe(total.n);
    expect(sum(data.regions)).toBe(total.n);
    expect(data.regions.filter((s) => s.key !== 'other' && s.key !== 'unknown').length).toBeLessThanOrEqual(
      10,
    );
    expect(data.activeHours).toHaveLength(24);
    const hours = await one<{ n: number }>(sql`select count(*)::integer as n from analytics_events e
      join follows f on f.follower_id = e.user_id and f.followee_id = 1
      where e.event = 'pageView' and e.occurred_at >= date_trunc('hour', now() - interval '30 days')
      and e.payload->>'path' in (select '/community/content/' || id from contents where author_id = 1)`);
    expect(data.activeHours.reduce((n, h) => n + h, 0)).toBe(hours.n);
    expect(hours.n).toBeGreaterThan(0);
  });

  it('counts real followers from their own profiles: what they set, unknown where they did not', async () => {
    const mine = await newCreator();
    const fans = await Promise.all(
      ['portrait-fan-a', 'portrait-fan-b', 'portrait-fan-c'].map((name) => signedInUser(t.app, t.db, name)),
    );
    for (const fan of fans)
      await t.db.insert(follows).values({ followerId: fan.userId, followeeId: mine.userId });
    const year = new Date(Date.now() + 8 * 3_600_000).getUTCFullYear();
    const [a, b] = fans as [(typeof fans)[number], (typeof fans)[number]];
    await t.signedInject(
      contract.auth.updateProfile,
      { gender: 2, birthYear: year - 20, region: '浙江省' },
      { cookies: a.cookies },
    );
    await t.signedInject(
      contract.auth.updateProfile,
      { gender: 1, region: '浙江省' },
      { cookies: b.cookies },
    );
    const res = await t.signedInject(contract.creator.dataCenterFansPortrait, {}, { cookies: mine.cookies });
    expect(res.body.data).toMatchObject({
      total: 3,
      gender: [
        { key: 'male', count: 1 },
        { key: 'female', count: 1 },
        { key: 'unknown', count: 1 },
      ],
      ageBands: [
        { key: 'under18', count: 0 },
        { key: '18-24', count: 1 },
        { key: '25-29', count: 0 },
        { key: '30-39', count: 0 },
        { key: '40+', count: 0 },
        { key: 'unknown', count: 2 },
      ],
      regions: [
        { key: '浙江省', count: 2 },
        { key: 'unknown', count: 1 },
      ],
    });
  });

  it('is empty for a user nobody follows', async () => {
    const mine = await newCreator();
    const res = await t.signedInject(contract.creator.dataCenterFansPortrait, {}, { cookies: mine.cookies });
    expect(res.body.data.total).toBe(0);
    expect(res.body.data.activeHours).toEqual(Array.from({ length: 24 }, () => 0));
  });
});

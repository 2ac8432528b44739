import { randomUUID } from 'node:crypto';
import { contract } from '@h5/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contents, follows } from '../../db/schema';
import {
  analyticsEvent,
  createTestApp,
  insertTestUsers,
  selectRows,
  signedInUser,
  type TestApp,
} from '../../test-utils';
import { followerViewHours } from './data-center-queries';

// Issue 33 point 2: the fans portrait's active hours read `creator_follower_hours`, kept with
// `creator_viewer_hours` by triggers on analytics_events, follows and contents (migration 0042).
// After any mix of views, follows, unfollows, contents written late or moved to another author,
// and after a burst of views and follows of the same pairs at once (on PostgreSQL with
// DATABASE_URL, pooled connections), both equal counting the events.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const chinaDay = sql.raw(`(e.occurred_at at time zone 'UTC' + interval '8 hours')::date`);
const chinaHour = sql.raw(
  `extract(hour from e.occurred_at at time zone 'UTC' + interval '8 hours')::smallint`,
);
const pageViews = sql`analytics_events e join contents c on c.id = e.content_id
  where e.event = 'pageView' and e.user_id is not null`;

/** Every kept row of both tables that differs from counting the events now (both ways): [] when right. */
async function hoursMismatch(): Promise<unknown[]> {
  const differ = (counted: ReturnType<typeof sql>, kept: ReturnType<typeof sql>) =>
    selectRows(
      t.db,
      sql`(${counted} except all ${kept}) union all (select * from (${kept} except all ${counted}) extra)`,
    );
  const viewers = await differ(
    sql`select c.author_id, e.user_id, ${chinaDay}, ${chinaHour}, count(*)::integer from ${pageViews} group by 1, 2, 3, 4`,
    sql`select author_id, viewer_id, day, hour, views from creator_viewer_hours where views <> 0`,
  );
  const followers = await differ(
    sql`select c.author_id, ${chinaDay}, ${chinaHour}, count(*)::integer from ${pageViews}
      and exists (select 1 from follows f where f.follower_id = e.user_id and f.followee_id = c.author_id)
      group by 1, 2, 3`,
    sql`select author_id, day, hour, views from creator_follower_hours where views <> 0`,
  );
  return [...viewers.map((r) => ['viewer', r]), ...followers.map((r) => ['follower', r])];
}

const newUsers = (n: number, name: string) => insertTestUsers(t.db, n, name);

async function newContent(authorId: number): Promise<number> {
  const [row] = await t.db
    .insert(contents)
    .values({ authorId, contentType: 2, title: '活跃时段', body: '正文' })
    .returning({ id: contents.id });
  return (row as { id: number }).id;
}

/** A detail page view of `contentId` by `userId`, stored as the collector stores it, `hoursAgo` back. */
const storeView = (contentId: number, userId: number, hoursAgo = 0) => {
  const at = new Date(Date.now() - hoursAgo * 3_600_000).toISOString();
  return t.db.execute(sql`
    insert into analytics_events (uuid, tracker, event, payload, occurred_at, received_at, expires_at, user_id)
    values (${randomUUID()}, 'h5', 'pageView', ${JSON.stringify({ pageId: 637, path: `/community/content/${contentId}` })}::jsonb,
      ${at}::timestamptz, now(), now() + interval '1 day', ${userId})`);
};

const totalHours = async (authorId: number) =>
  (await followerViewHours(t.db, authorId, new Date(Date.now() - 30 * 86_400_000))).reduce(
    (n, h) => n + h.n,
    0,
  );

describe('fans portrait active hours roll-up', () => {
  it('the migration counted the seeded views', async () => {
    expect(await hoursMismatch()).toEqual([]);
    expect(await totalHours(1)).toBeGreaterThan(0);
  });

  it('counts the views of those who follow now, through follows, unfollows, late contents and author changes', async () => {
    const [author, other] = (await newUsers(2, '时段作者')) as [number, number];
    const fan = await signedInUser(t.app, t.db, '时段粉丝');
    const as = { cookies: fan.cookies };
    const mine = await newContent(author);
    // Through the collector, before the follow: it counts once they follow.
    const events = [
      analyticsEvent({ event: 'pageView', payload: { pageId: 637, path: `/community/content/${mine}` } }),
    ];
    await t.signedInject(contract.analytics.collectEvents, { events }, as);
    expect(await totalHours(author)).toBe(0);
    await t.signedInject(contract.community.followAdd, { userId: author }, as);
    expect(await totalHours(author)).toBe(1);
    await storeView(mine, fan.userId, 5);
    // A view of a content not written yet counts once it is, for its author.
    const [row] = await selectRows<{ early: number }>(
      t.db,
      sql`select coalesce(max(id), 0) + 2000000 as early from contents`,
    );
    const early = row?.early as number;
    await storeView(early, fan.userId, 2);
    expect(await totalHours(author)).toBe(2);
    await t.db.execute(
      sql`insert into contents (id, author_id, content_type, title, body) values (${early}, ${author}, 2, '后写的', '正文')`,
    );
    expect(await totalHours(author)).toBe(3);
    expect(await hoursMismatch()).toEqual([]);
    // Older than the 30 days: kept, not shown.
    await storeView(mine, fan.userId, 31 * 24);
    expect(await totalHours(author)).toBe(3);
    // Moved to another author the fan does not follow; then followed; then the first unfollowed.
    await t.db.execute(sql`update contents set author_id = ${other} where id = ${mine}`);
    expect([await totalHours(author), await totalHours(other)]).toEqual([1, 0]);
    await t.signedInject(contract.community.followAdd, { userId: other }, as);
    expect(await totalHours(other)).toBe(2);
    await t.signedInject(contract.community.followAdd, { userId: author, follow: false }, as);
    expect(await totalHours(author)).toBe(0);
    await t.db.execute(sql`update analytics_events set occurred_at = occurred_at - interval '40 days'
      where content_id = ${mine} and user_id = ${fan.userId} and occurred_at > now() - interval '1 day'`);
    expect(await hoursMismatch()).toEqual([]);
  });

  it('stays a count of the events after a burst of views, follows and unfollows of the same pairs', async () => {
    const authors = await newUsers(2, '时段并发作者');
    const fans = await newUsers(10, '时段并发粉丝');
    const posts = await Promise.all(authors.map((a) => newContent(a)));
    const follow = (followerId: number, followeeId: number) =>
      t.db.insert(follows).values({ followerId, followeeId }).onConflictDoNothing();
    const unfollow = (followerId: number, followeeId: number) =>
      t.db.execute(
        sql`delete from follows where follower_id = ${followerId} and followee_id = ${followeeId}`,
      );
    await Promise.all(
      fans.flatMap((id, i) => [
        storeView(posts[0] as number, id),
        follow(id, authors[0] as number),
        storeView(posts[0] as number, id, 1),
        storeView(posts[1] as number, id),
        follow(id, authors[1] as number),
        unfollow(id, authors[i % 2] as number),
        storeView(posts[1] as number, id, 2),
        follow(id, authors[0] as number),
      ]),
    );
    expect(await hoursMismatch()).toEqual([]);
    await t.db.execute(sql`delete from follows where followee_id in (${sql.join(authors, sql`, `)})`);
    expect([await totalHours(authors[0] as number), await totalHours(authors[1] as number)]).toEqual([0, 0]);
    expect(await hoursMismatch()).toEqual([]);
  });
});

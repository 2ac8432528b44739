import { randomUUID } from 'node:crypto';
import { contract } from '@h5/contract';
import { SUCCESS, TOURIST } from '@h5/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { contentLights, contents, replies } from '../../db/schema';
import { createTestApp, insertTestContents, signedInUser, type TestApp } from '../../test-utils';
import { chinaDay, motivationMessage, streakOf } from './motivation';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY_MS = 86_400_000;
type User = Awaited<ReturnType<typeof signedInUser>>;

/** A moment `daysAgo` days before now: its China day is exactly `daysAgo` days before today's. */
const daysAgo = (n: number) => new Date(Date.now() - n * DAY_MS);

let pool: number[] = [];
/** A content of its own per row (seeded contents stay as the seed test expects them). */
async function seededContent(): Promise<number> {
  if (pool.length === 0) {
    const author = await signedInUser(t.app, t.db, 'motivation-author');
    pool = await insertTestContents(t.db, author.userId, 20);
  }
  return pool.pop() as number;
}
async function lightOn(user: User, n: number) {
  await t.db
    .insert(contentLights)
    .values({ userId: user.userId, contentId: await seededContent(), createdAt: daysAgo(n) });
}
async function commentOn(user: User, n: number) {
  await t.db.insert(replies).values({
    userId: user.userId,
    contentId: await seededContent(),
    content: '写得真好',
    requestId: randomUUID(),
    createdAt: daysAgo(n),
  });
}
async function publishOn(user: User, n: number) {
  await t.db.insert(contents).values({
    authorId: user.userId,
    contentType: 2,
    title: '打卡',
    body: '今天也来了',
    createdAt: daysAgo(n),
  });
}

async function motivation(user: User) {
  const answer = await t.signedInject(contract.invite.userMotivation, {}, { cookies: user.cookies });
  expect(answer.body.code).toBe(SUCCESS);
  return answer.body.data;
}

describe('user-motivation', () => {
  it('refuses a visitor with 7999', async () => {
    expect((await t.signedInject(contract.invite.userMotivation, {})).body.code).toBe(TOURIST);
  });

  it('welcomes a user with no activity: streak 0, the first milestone, a quiet week', async () => {
    const data = await motivation(await signedInUser(t.app, t.db, 'motivation-new'));
    expect(data).toMatchObject({
      streakDays: 0,
      activeToday: false,
      nextMilestone: 3,
      daysToMilestone: 3,
      message: '欢迎来到社区！今天发布、点亮或评论一次，开启你的连续活跃记录',
    });
    expect(data.week.map((d) => d.day)).toEqual([6, 5, 4, 3, 2, 1, 0].map((n) => chinaDay(Date.now(), n)));
    expect(data.week.every((d) => !d.active)).toBe(true);
  });

  it('counts consecutive days with a publish, light or comment up to today, from the rows', async () => {
    const user = await signedInUser(t.app, t.db, 'motivation-streak');
    await lightOn(user, 0);
    await commentOn(user, 1);
    await publishOn(user, 2);
    await lightOn(user, 2);
    await lightOn(user, 4); // a gap on day 3: not part of the streak
    const data = await motivation(user);
    expect(data).toMatchObject({
      streakDays: 3,
      activeToday: true,
      nextMilestone: 7,
      daysToMilestone: 4,
      message: '太棒了！你已连续活跃 3 天，达成 3 天成就',
    });
    // The week equals SQL's counts per China day.
    const rows = rowsOf<{ day: string; n: number }>(
      await t.db.execute(sql`select to_char((created_at at time zone 'UTC' + interval '8 hours')::date, 'YYYY-MM-DD') as day, count(*)::int as n
        from content_lights where user_id = ${user.userId} group by 1`),
    );
    const lightsByDay = Object.fromEntries(rows.map((r) => [r.day, r.n]));
    for (const d of data.week) expect(d.lights, d.day).toBe(lightsByDay[d.day] ?? 0);
    const twoDaysAgo = data.week.find((d) => d.day === chinaDay(Date.now(), 2));
    expect(twoDaysAgo).toMatchObject({ publishes: 1, lights: 1, comments: 0, active: true });
    expect(data.week.find((d) => d.day === chinaDay(Date.now(), 3))?.active).toBe(false);

    // One more active day before the gap joins nothing; a light today again changes nothing.
    await lightOn(user, 0);
    expect((await motivation(user)).streakDays).toBe(3);
  });

  it('keeps a streak that ended yesterday open today, and starts over after a missed day', async () => {
    const open = await signedInUser(t.app, t.db, 'motivation-open');
    await lightOn(open, 1);
    await commentOn(open, 2);
    expect(await motivation(open)).toMatchObject({
      streakDays: 2,
      activeToday: false,
      daysToMilestone: 1,
      message: '已连续活跃 2 天，今天还没有动态，别让连续记录中断哦',
    });
    const lapsed = await signedInUser(t.app, t.db, 'motivation-lapsed');
    await commentOn(lapsed, 2);
    expect(await motivation(lapsed)).toMatchObject({
      streakDays: 0,
      message: '好久不见！今天点亮或评论一次，重新开始连续活跃',
    });
    // Another user's rows count for nobody else.
    expect((await motivation(await signedInUser(t.app, t.db, 'motivation-other'))).streakDays).toBe(0);
  });

  it('says the next milestone on the way, and past the last one', () => {
    const now = Date.now();
    const days = (n: number) => new Set(Array.from({ length: n }, (_, i) => chinaDay(now, i)));
    expect(streakOf(days(10), now)).toBe(10);
    expect(motivationMessage(10, true, true, 14)).toBe('已连续活跃 10 天，再坚持 4 天解锁「连续 14 天」成就');
    expect(motivationMessage(400, true, true, null)).toBe('已连续活跃 400 天，你是社区最活跃的人之一');
  });
});

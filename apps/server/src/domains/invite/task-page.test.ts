import { contract, type StarterTaskKey } from '@h5/contract';
import { SUCCESS, TOURIST } from '@h5/core';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { follows, users } from '../../db/schema';
import { createTestApp, insertTestContents, signedInUser, type TestApp } from '../../test-utils';
import { starterTaskProgress } from './starter-tasks';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type User = Awaited<ReturnType<typeof signedInUser>>;

/** `n` contents of a new author to light (seeded contents stay as the seed test expects them). */
async function someContents(n: number): Promise<number[]> {
  const author = await signedInUser(t.app, t.db, 'tasks-author');
  return insertTestContents(t.db, author.userId, n);
}

/** The task progress as plain SQL counts the user's rows (each capped at its target). */
async function progressBySql(userId: number): Promise<Record<StarterTaskKey, number>> {
  const [row] = rowsOf<Record<StarterTaskKey, number>>(
    await t.db.execute(sql`select
      least(1, (select count(*) from contents where author_id = ${userId}))::int as publish,
      least(3, (select count(*) from follows f join users u on u.id = f.followee_id where f.follower_id = ${userId}
        and (u.is_creator or exists (select 1 from contents c where c.author_id = u.id))))::int as follow,
      least(5, (select count(*) from content_lights where user_id = ${userId}))::int as light`),
  );
  return row as Record<StarterTaskKey, number>;
}

async function page(user: User) {
  const answer = await t.signedInject(contract.invite.taskPage, {}, { cookies: user.cookies });
  expect(answer.body.code).toBe(SUCCESS);
  return answer.body.data;
}

const progressOf = (p: Awaited<ReturnType<typeof page>>) =>
  Object.fromEntries(p.tasks.map((task) => [task.key, task.progress])) as Record<StarterTaskKey, number>;

describe('task-page', () => {
  it('refuses a visitor with 7999', async () => {
    expect((await t.signedInject(contract.invite.taskPage, {})).body.code).toBe(TOURIST);
  });

  it('shows a new user every task at 0 with its badge, and creators to follow', async () => {
    const user = await signedInUser(t.app, t.db, 'tasks-new');
    const data = await page(user);
    expect(
      data.tasks.map(({ key, title, target, progress, done }) => ({ key, title, target, progress, done })),
    ).toEqual([
      { key: 'publish', title: '发布第一篇内容', target: 1, progress: 0, done: false },
      { key: 'follow', title: '关注 3 位创作者', target: 3, progress: 0, done: false },
      { key: 'light', title: '点亮 5 篇内容', target: 5, progress: 0, done: false },
    ]);
    expect(data.tasks.map((task) => task.reward)).toEqual([
      '「初次发声」徽章',
      '「社交新星」徽章',
      '「点亮达人」徽章',
    ]);
    expect(data.doneCount).toBe(0);
    expect(data.reward).toMatchObject({ title: '「新人毕业」徽章', earned: false });
    expect(data.suggestedCreators).toHaveLength(6);
    // Most followed first, creators only.
    const counts = data.suggestedCreators.map((c) => c.followerCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const ids = data.suggestedCreators.map((c) => c.userId);
    const creators = await t.db
      .select({ id: users.id, isCreator: users.isCreator })
      .from(users)
      .where(sql`${users.id} in ${ids}`);
    expect(creators.every((c) => c.isCreator)).toBe(true);
  });

  it('counts the real rows: lights, follows of creators and a publish, capped at the target, equal to SQL', async () => {
    const user = await signedInUser(t.app, t.db, 'tasks-doer');
    const as = { cookies: user.cookies };
    // Four lights through the real call: 4/5.
    const lit = await someContents(7);
    for (const contentId of lit.slice(0, 4)) {
      const answer = await t.signedInject(contract.community.addContentLight, { contentId }, as);
      expect(answer.body.code).toBe(SUCCESS);
    }
    let data = await page(user);
    expect(progressOf(data)).toEqual({ publish: 0, follow: 0, light: 4 });
    expect(progressOf(data)).toEqual(await progressBySql(user.userId));

    // Three suggested creators followed; a plain user (no contents) does not count.
    const suggested = data.suggestedCreators.slice(0, 3).map((c) => c.userId);
    for (const userId of suggested) {
      const followed = await t.signedInject(contract.community.followAdd, { userId }, as);
      expect(followed.body.data.isFollowing).toBe(true);
    }
    const plain = await signedInUser(t.app, t.db, 'tasks-plain');
    await t.signedInject(contract.community.followAdd, { userId: plain.userId }, as);
    // Seven lights in all: the task shows 5 of 5.
    for (const contentId of lit.slice(4))
      await t.signedInject(contract.community.addContentLight, { contentId }, as);
    data = await page(user);
    expect(progressOf(data)).toEqual({ publish: 0, follow: 3, light: 5 });
    expect(progressOf(data)).toEqual(await progressBySql(user.userId));
    expect(data.doneCount).toBe(2);
    // The followed creators leave the suggestions.
    expect(data.suggestedCreators.map((c) => c.userId)).not.toEqual(expect.arrayContaining([suggested[0]]));
    expect(data.suggestedCreators).toHaveLength(6);

    // A first content (as the app's publisher writes it): every task done, the badge earned.
    await insertTestContents(t.db, user.userId, 1);
    data = await page(user);
    expect(data.tasks.map((task) => task.done)).toEqual([true, true, true]);
    expect(data.reward.earned).toBe(true);
    expect(progressOf(data)).toEqual(await progressBySql(user.userId));

    // Progress follows the rows back down: an unfollow and three unlights.
    await t.signedInject(contract.community.followAdd, { userId: suggested[0] as number, follow: false }, as);
    for (const contentId of lit.slice(0, 3))
      await t.signedInject(contract.community.delContentLight, { contentId }, as);
    data = await page(user);
    expect(progressOf(data)).toEqual({ publish: 1, follow: 2, light: 4 });
    expect(progressOf(data)).toEqual(await progressBySql(user.userId));
    expect(data.reward.earned).toBe(false);
  });

  it('starterTaskProgress answers many users in one call, an unknown id at 0', async () => {
    const a = await signedInUser(t.app, t.db, 'tasks-many-a');
    const b = await signedInUser(t.app, t.db, 'tasks-many-b');
    const [creator] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.isCreator, true))
      .limit(1);
    await t.db.insert(follows).values({ followerId: b.userId, followeeId: (creator as { id: number }).id });
    const map = await starterTaskProgress(t.db, [a.userId, b.userId, 2_000_000_000]);
    expect(map.get(a.userId)?.map((task) => task.progress)).toEqual([0, 0, 0]);
    expect(map.get(b.userId)?.map((task) => task.progress)).toEqual([0, 1, 0]);
    expect(map.get(2_000_000_000)?.map((task) => task.progress)).toEqual([0, 0, 0]);
  });
});

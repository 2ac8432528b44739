import { contract } from '@h5/contract';
import { BAD_REQUEST, SUCCESS, TOURIST } from '@h5/core';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { activities, contents } from '../../db/schema';
import { createTestApp, signedInUser, type TestApp } from '../../test-utils';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const a = contract.activity;

/** Moves an activity's window: `fromHours` / `toHours` from now. */
async function setWindow(code: string, fromHours: number, toHours: number) {
  const now = Date.now();
  await t.db
    .insert(activities)
    .values({
      code,
      title: `测试活动 ${code}`,
      startsAt: new Date(now + fromHours * HOUR),
      endsAt: new Date(now + toHours * HOUR),
    })
    .onConflictDoUpdate({
      target: activities.code,
      set: { startsAt: new Date(now + fromHours * HOUR), endsAt: new Date(now + toHours * HOUR) },
    });
}

async function publish(authorId: number) {
  const [row] = await t.db
    .insert(contents)
    .values({ authorId, contentType: 2, title: '新年穿搭分享', body: '过年穿什么' })
    .returning({ id: contents.id });
  return (row as { id: number }).id;
}

describe('activity window', () => {
  it('tells the state of each window and refuses an unknown code', async () => {
    await setWindow('t-upcoming', 2, 10);
    await setWindow('t-running', -2, 10);
    await setWindow('t-ended', -10, -2);
    const states = [];
    for (const code of ['t-upcoming', 't-running', 't-ended']) {
      const res = await t.signedInject(a.activityWindow, { code });
      expect(res.body.code).toBe(200);
      states.push(res.body.data?.state);
    }
    expect(states).toEqual(['upcoming', 'running', 'ended']);
    const unknown = await t.signedInject(a.activityWindow, { code: 'no-such-activity' });
    expect(unknown.body).toMatchObject({ code: 4501, msg: '活动 no-such-activity 不存在' });
  });
});

describe('new-year AR spu list', () => {
  it('refuses before the window with 202010008 and after it with 202010009', async () => {
    await setWindow('new-year-ar', 5, 10);
    const before = await t.signedInject(a.arSpuList, {});
    expect(before.status).toBe(200);
    expect(before.body.code).toBe(202010008);
    expect(before.body.msg).toMatch(/^活动未开始（\d{4}-\d\d-\d\d \d\d:\d\d 开始）$/);
    expect(before.body.data).toMatchObject({ code: 'new-year-ar', state: 'upcoming' });
    await setWindow('new-year-ar', -10, -1);
    const after = await t.signedInject(a.arSpuList, {});
    expect(after.body.code).toBe(202010009);
    expect(after.body.msg).toMatch(/^活动已结束（/);
  });

  it('inside the window lists the action products in order with want state 0', async () => {
    await setWindow('new-year-ar', -1, 10);
    const res = await t.signedInject(a.arSpuList, {});
    expect(res.body.code).toBe(SUCCESS);
    const expected = rowsOf<{ spu_id: number }>(
      await t.db.execute(
        sql`SELECT spu_id FROM activity_ar_spus WHERE activity_code = 'new-year-ar' ORDER BY sort, spu_id`,
      ),
    ).map((row) => row.spu_id);
    expect(expected.length).toBe(12);
    expect(res.body.data?.list.map((card) => card.spuId)).toEqual(expected);
    expect(res.body.data?.list.every((card) => card.isCollection === 0)).toBe(true);
    expect(res.body.data?.activity.state).toBe('running');
  });
});

describe('hacking task commit', () => {
  it('needs a login', async () => {
    const res = await t.signedInject(a.hackingTaskCommit, { taskId: 1, contentId: 1 });
    expect(res.body.code).toBe(TOURIST);
  });

  it('refuses a bad id, an unknown task, a foreign content, and outside the window', async () => {
    await setWindow('new-year-ar', -1, 10);
    const me = await signedInUser(t.app, t.db, 'hacker');
    const other = await signedInUser(t.app, t.db, 'someone-else');
    const foreign = await publish(other.userId);
    const bad = await t.signedInject(
      a.hackingTaskCommit,
      { taskId: 0, contentId: 1 },
      { cookies: me.cookies },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(BAD_REQUEST);
    expect(bad.body.msg).toMatch(/^taskId: /);
    const unknown = await t.signedInject(
      a.hackingTaskCommit,
      { taskId: 999999, contentId: foreign },
      { cookies: me.cookies },
    );
    expect(unknown.body).toMatchObject({ code: 404, msg: '任务 999999 不存在' });
    const notMine = await t.signedInject(
      a.hackingTaskCommit,
      { taskId: 1, contentId: foreign },
      { cookies: me.cookies },
    );
    expect(notMine.body).toMatchObject({
      code: 4502,
      msg: `内容 ${foreign} 不存在或不是你发布的，只能提交自己的内容`,
    });
    const mine = await publish(me.userId);
    await setWindow('new-year-ar', -10, -1);
    const ended = await t.signedInject(
      a.hackingTaskCommit,
      { taskId: 1, contentId: mine },
      { cookies: me.cookies },
    );
    expect(ended.body.code).toBe(202010009);
    await setWindow('new-year-ar', 1, 10);
    const early = await t.signedInject(
      a.hackingTaskCommit,
      { taskId: 1, contentId: mine },
      { cookies: me.cookies },
    );
    expect(early.body.code).toBe(202010008);
    const commits = rowsOf<{ n: number }>(
      await t.db.execute(
        sql`SELECT count(*)::int AS n FROM hacking_task_commits WHERE user_id = ${me.userId}`,
      ),
    );
    expect(commits[0]?.n).toBe(0);
  });

  it('commits once under 20 concurrent requests; a repeat is refused', async () => {
    await setWindow('new-year-ar', -1, 10);
    const me = await signedInUser(t.app, t.db, 'racer');
    const mine = await publish(me.userId);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.signedInject(a.hackingTaskCommit, { taskId: 2, contentId: mine }, { cookies: me.cookies }),
      ),
    );
    const codes = results.map((res) => res.body.code);
    expect(codes.filter((code) => code === 200).length).toBe(1);
    expect(codes.filter((code) => code === 4503).length).toBe(19);
    expect(results.find((res) => res.body.code === 4503)?.body.msg).toBe(
      '你已经提交过这个任务，每个任务只能提交一次',
    );
    const rows = rowsOf<{ task_id: number; content_id: number }>(
      await t.db.execute(
        sql`SELECT task_id, content_id FROM hacking_task_commits WHERE user_id = ${me.userId}`,
      ),
    );
    expect(rows).toEqual([{ task_id: 2, content_id: mine }]);
    const other = await publish(me.userId);
    const again = await t.signedInject(
      a.hackingTaskCommit,
      { taskId: 2, contentId: other },
      { cookies: me.cookies },
    );
    expect(again.body.code).toBe(4503);
    const third = await t.signedInject(
      a.hackingTaskCommit,
      { taskId: 3, contentId: other },
      { cookies: me.cookies },
    );
    expect(third.body.code).toBe(200);
    expect(third.body.data).toMatchObject({ taskId: 3, contentId: other });
  });
});

describe('hacking task list', () => {
  it("lists an activity's tasks with the caller's commit (none for a visitor)", async () => {
    await setWindow('new-year-ar', -1, 10);
    const me = await signedInUser(t.app, t.db, 'lister');
    const mine = await publish(me.userId);
    await t.signedInject(a.hackingTaskCommit, { taskId: 1, contentId: mine }, { cookies: me.cookies });
    const res = await t.signedInject(a.hackingTaskList, { code: 'new-year-ar' }, { cookies: me.cookies });
    expect(res.body.code).toBe(SUCCESS);
    expect(
      res.body.data?.list.map((task) => [task.taskId, task.title, task.commit?.contentId ?? null]),
    ).toEqual([
      [1, '发布一条新年穿搭', mine],
      [2, '晒出你的 AR 试穿', null],
      [3, '分享一件年货好物', null],
    ]);
    const visitor = await t.signedInject(a.hackingTaskList, { code: 'new-year-ar' });
    expect(visitor.body.data?.list.map((task) => task.commit)).toEqual([null, null, null]);
    const unknown = await t.signedInject(a.hackingTaskList, { code: 'no-such' });
    expect(unknown.body.code).toBe(4501);
  });
});

afterAll(async () => {
  // Leave the seeded window as the demo has it for later files on the same database.
  await t.db
    .update(activities)
    .set({ startsAt: new Date('2025-01-01T00:00:00+08:00'), endsAt: new Date('2030-12-31T23:59:59+08:00') })
    .where(eq(activities.code, 'new-year-ar'));
});

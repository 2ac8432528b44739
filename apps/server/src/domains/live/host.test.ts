import { contract } from '@h5/contract';
import { FANS_GROUP_NAME_INVALID, FANS_GROUP_RENAME_LIMIT, LIVE_NOT_HOST, SUCCESS, TOURIST } from '@h5/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { createTestApp, signedInUser, type TestApp } from '../../test-utils';
import { liveHost, liveMember, play } from './live-test-world';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Signs in as a seeded user (hosts 1..200 are seeded). */
async function seededUser(userId: number) {
  const tokens = await t.app.deps.sessions.create(userId);
  return { userId, cookies: { duToken: tokens.duToken } };
}

describe('host calls', () => {
  it('refuse a visitor with 7999 and a user who is not a host with 4401', async () => {
    expect((await t.signedInject(contract.live.levelInfo, {})).body.code).toBe(TOURIST);
    const user = await signedInUser(t.app, t.db, 'not-a-host');
    for (const call of [
      contract.live.levelInfo,
      contract.live.levelTaskInfo,
      contract.live.dailyTask,
      contract.live.todayRank,
    ])
      expect((await t.signedInject(call, {}, { cookies: user.cookies })).body).toEqual({
        code: LIVE_NOT_HOST,
        msg: '你还不是主播，开通直播后才能使用主播中心',
        data: null,
      });
  });

  it('level-info and level-task-info: audience events move the daily tasks and give experience once', async () => {
    const host = await liveHost(t, 'exp-host');
    const ctx = { streamId: host.streamId, streamLogId: host.streamLogId, userRole: 1 };
    let level = await t.signedInject(contract.live.levelInfo, ctx, { cookies: host.cookies });
    expect(level.body.data).toMatchObject({
      level: 1,
      experience: 0,
      levelExperience: 0,
      nextExperience: 100,
    });
    expect(level.body.data.privileges[0]).toEqual({ level: 1, name: '开播权限', unlocked: true });
    expect(level.body.data.privileges.find((p) => p.level === 2)).toEqual({
      level: 2,
      name: '直播间封面推荐',
      unlocked: false,
    });
    const viewer = await signedInUser(t.app, t.db, 'exp-viewer');
    await Promise.all(
      Array.from({ length: 12 }, () => play(t, viewer.cookies, host.streamLogId, 'watch', 10)),
    );
    await play(t, viewer.cookies, host.streamLogId, 'comment', 25);
    const tasks = await t.signedInject(contract.live.levelTaskInfo, ctx, { cookies: host.cookies });
    expect(tasks.body.data.experienceToday).toBe(50);
    expect(tasks.body.data.tasks.map((x) => [x.key, x.progress, x.done])).toEqual([
      ['watch', 60, true],
      ['light', 0, false],
      ['comment', 20, true],
      ['share', 0, false],
      ['join', 0, false],
    ]);
    level = await t.signedInject(contract.live.levelInfo, ctx, { cookies: host.cookies });
    expect(level.body.data.experience).toBe(50);
    const row = rowsOf<{ experience: number }>(
      await t.db.execute(sql`select experience from live_hosts where user_id = ${host.userId}`),
    );
    expect(row[0]?.experience).toBe(50);
    const daily = await t.signedInject(contract.live.dailyTask, ctx, { cookies: host.cookies });
    expect(daily.body.data.days).toHaveLength(7);
    expect(daily.body.data.days.at(-1)).toMatchObject({ done: 2, total: 5, experience: 50 });
    expect(daily.body.data).toMatchObject({ streak: 0, broadcastsToday: 1 });
  });

  it('kol rank-list and today-rank match SQL over the seeded host’s group', async () => {
    const host = await seededUser(10);
    const all = rowsOf<{ user_id: number; intimacy: number }>(
      await t.db.execute(
        sql`select user_id, intimacy from fans_group_members where group_id = 10 order by intimacy desc, user_id desc`,
      ),
    );
    const first = await t.signedInject(
      contract.live.kolRankList,
      { limit: 5, userRole: 1 },
      { cookies: host.cookies },
    );
    expect(first.body.data.memberCount).toBe(all.length);
    expect(first.body.data.list.map((r) => [r.rank, r.user.userId, r.intimacy])).toEqual(
      all.slice(0, 5).map((r, i) => [i + 1, r.user_id, r.intimacy]),
    );
    const second = await t.signedInject(
      contract.live.kolRankList,
      { limit: 5, lastId: first.body.data.lastId ?? '' },
      { cookies: host.cookies },
    );
    expect(second.body.data.list.map((r) => [r.rank, r.user.userId])).toEqual(
      all.slice(5, 10).map((r, i) => [i + 6, r.user_id]),
    );
    const today = rowsOf<{ user_id: number; points: number }>(
      await t.db.execute(
        sql`select user_id, points from fans_intimacy_days where group_id = 10 and day = (now() at time zone 'Asia/Shanghai')::date and points > 0 order by points desc, user_id desc limit 50`,
      ),
    );
    const rank = await t.signedInject(contract.live.todayRank, {}, { cookies: host.cookies });
    expect(rank.body.data.list.map((r) => [r.rank, r.user.userId, r.intimacy])).toEqual(
      today.map((r, i) => [i + 1, r.user_id, r.points]),
    );
  });

  it('today-rank counts what members gained today', async () => {
    const host = await liveHost(t, 'today-host');
    const a = await liveMember(t, host.streamId, 'today-a');
    const b = await liveMember(t, host.streamId, 'today-b');
    await play(t, a.cookies, host.streamLogId, 'light', 3);
    await play(t, b.cookies, host.streamLogId, 'share', 1);
    const rank = await t.signedInject(contract.live.todayRank, {}, { cookies: host.cookies });
    expect(rank.body.data.list.map((r) => [r.rank, r.user.userId, r.intimacy])).toEqual([
      [1, b.userId, 5],
      [2, a.userId, 3],
    ]);
  });

  it('credit/detail: the score is 100 plus the records, which page newest first', async () => {
    const host = await seededUser(10);
    const records = rowsOf<{ id: number; delta: number }>(
      await t.db.execute(
        sql`select id, delta from host_credit_records where host_id = 10 order by created_at desc, id desc`,
      ),
    );
    const res = await t.signedInject(contract.live.creditDetail, { limit: 40 }, { cookies: host.cookies });
    const score = 100 + records.reduce((n, r) => n + r.delta, 0);
    expect(res.body.data.score).toBe(score);
    expect(res.body.data.list.map((r) => r.recordId)).toEqual(records.map((r) => r.id));
    const fresh = await liveHost(t, 'credit-host');
    const empty = await t.signedInject(contract.live.creditDetail, {}, { cookies: fresh.cookies });
    expect(empty.body.data).toEqual({
      score: 100,
      grade: '信用极好',
      list: [],
      lastId: null,
      hasMore: false,
    });
  });
});

describe('kol/fans-group/edit', () => {
  it('refuses names that break the rules, naming the problem', async () => {
    const host = await liveHost(t, 'rename-rules');
    const cases: Array<[string, string]> = [
      ['', '粉丝团名称不能为空'],
      ['   ', '粉丝团名称不能为空'],
      ['团', '粉丝团名称须为 2 到 8 个字'],
      ['一二三四五六七八九', '粉丝团名称须为 2 到 8 个字'],
      ['球鞋 团', '粉丝团名称只能包含中文、字母和数字，不能有空格、符号或表情'],
      ['球鞋团🔥', '粉丝团名称只能包含中文、字母和数字，不能有空格、符号或表情'],
      ['新粉丝团', '新名称与当前粉丝团名称相同'],
    ];
    for (const [name, msg] of cases) {
      const res = await t.signedInject(contract.live.editGroup, { name }, { cookies: host.cookies });
      expect(res.body).toEqual({ code: FANS_GROUP_NAME_INVALID, msg, data: null });
    }
  });

  it('renames once per 30 days: of 20 concurrent renames one passes; the rank page shows the new name', async () => {
    const host = await liveHost(t, 'rename-race');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.signedInject(
          contract.live.editGroup,
          { name: `闪电团${i}`, streamId: host.streamId, userRole: 1 },
          { cookies: host.cookies },
        ),
      ),
    );
    const ok = answers.filter((a) => a.body.code === SUCCESS);
    expect(ok).toHaveLength(1);
    const refused = answers.filter((a) => a.body.code !== SUCCESS);
    for (const a of refused) {
      expect(a.body.code).toBe(FANS_GROUP_RENAME_LIMIT);
      expect(a.body.msg).toMatch(
        /^粉丝团名称 30 天内只能修改 1 次，\d{4}-\d{2}-\d{2} \d{2}:\d{2} 后可再次修改$/,
      );
    }
    const renames = rowsOf<{ n: number }>(
      await t.db.execute(
        sql`select count(*)::int as n from fans_group_renames r join fans_groups g on g.id = r.group_id where g.host_id = ${host.userId}`,
      ),
    );
    expect(renames[0]?.n).toBe(1);
    const info = await t.signedInject(contract.live.fansGroupInfo, { streamId: host.streamId });
    expect(info.body.data.name).toBe(ok[0]?.body.data.name);
  });
});

import { contract } from '@h5/contract';
import {
  ALLOWANCE_ALREADY_CLAIMED,
  ALLOWANCE_NOT_EARNED,
  FANS_NOT_MEMBER,
  LIVE_NOT_STREAMING,
  SUCCESS,
  TOURIST,
  WEEK_TASK_ALREADY_CLAIMED,
  WEEK_TASK_NOT_DONE,
} from '@h5/core';
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

describe('fans-group/info', () => {
  it('shows a visitor the group without a membership, and a member their intimacy, level and rank', async () => {
    const host = await liveHost(t, 'info-host');
    const visitor = await t.signedInject(contract.live.fansGroupInfo, { streamId: host.streamId });
    expect(visitor.body.code).toBe(SUCCESS);
    expect(visitor.body.data).toMatchObject({
      name: '新粉丝团',
      memberCount: 0,
      living: true,
      membership: null,
      isHost: false,
    });
    expect(visitor.body.data.levelThresholds.slice(0, 3)).toEqual([0, 30, 100]);
    const member = await liveMember(t, host.streamId, 'info-member');
    await play(t, member.cookies, host.streamLogId, 'comment', 2);
    const mine = await t.signedInject(
      contract.live.fansGroupInfo,
      { streamId: host.streamId },
      { cookies: member.cookies },
    );
    expect(mine.body.data.memberCount).toBe(1);
    expect(mine.body.data.membership).toMatchObject({
      intimacy: 4,
      fansLevel: 1,
      rank: 1,
      todayIntimacy: 4,
      nextLevel: { level: 2, intimacy: 30 },
    });
    const asHost = await t.signedInject(
      contract.live.fansGroupInfo,
      { streamId: host.streamId },
      { cookies: host.cookies },
    );
    expect(asHost.body.data.isHost).toBe(true);
  });

  it('answers 404 for a stream that does not exist', async () => {
    const res = await t.signedInject(contract.live.fansGroupInfo, { streamId: 2_000_000 });
    expect(res.body).toEqual({ code: 404, msg: '直播间不存在', data: null });
  });
});

describe('audience events', () => {
  it('refuses events of an ended broadcast, naming why', async () => {
    const host = await liveHost(t, 'ended-host');
    await t.signedInject(contract.live.endStream, {}, { cookies: host.cookies });
    const member = await liveMember(t, host.streamId, 'ended-member');
    const res = await play(t, member.cookies, host.streamLogId, 'watch', 5);
    expect(res.body).toEqual({
      code: LIVE_NOT_STREAMING,
      msg: '直播未开始或已结束，观看、点亮、评论和分享不计入任务',
      data: null,
    });
  });
});

describe('week tasks', () => {
  it('refuses a visitor with 7999', async () => {
    const res = await t.signedInject(contract.live.weekTaskInfo, { streamId: 1 });
    expect(res.body.code).toBe(TOURIST);
  });

  it('moves with watched minutes; 20 concurrent claims make one award and one intimacy gain', async () => {
    const host = await liveHost(t, 'week-host');
    const member = await liveMember(t, host.streamId, 'week-member');
    await play(t, member.cookies, host.streamLogId, 'watch', 4);
    let info = await t.signedInject(
      contract.live.weekTaskInfo,
      { streamId: host.streamId },
      { cookies: member.cookies },
    );
    expect(info.body.data.member).toBe(true);
    expect(info.body.data.tasks[0]).toEqual({
      key: 'watch',
      title: '观看直播满 10 分钟',
      target: 10,
      progress: 4,
      intimacy: 20,
      state: 'doing',
    });
    const early = await t.signedInject(
      contract.live.weekTaskAward,
      { streamId: host.streamId, taskKey: 'watch' },
      { cookies: member.cookies },
    );
    expect(early.body).toEqual({
      code: WEEK_TASK_NOT_DONE,
      msg: '任务「观看直播满 10 分钟」还没有完成，完成后再来领取',
      data: null,
    });
    await play(t, member.cookies, host.streamLogId, 'watch', 6);
    info = await t.signedInject(
      contract.live.weekTaskInfo,
      { streamId: host.streamId },
      { cookies: member.cookies },
    );
    expect(info.body.data.tasks[0]).toMatchObject({ progress: 10, state: 'claimable' });

    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.signedInject(
          contract.live.weekTaskAward,
          { streamId: host.streamId, taskKey: 'watch' },
          { cookies: member.cookies },
        ),
      ),
    );
    const ok = answers.filter((a) => a.body.code === SUCCESS);
    expect(ok).toHaveLength(1);
    expect(ok[0]?.body.data).toEqual({ taskKey: 'watch', intimacy: 20, totalIntimacy: 30, fansLevel: 2 });
    for (const a of answers.filter((x) => x.body.code !== SUCCESS))
      expect(a.body).toEqual({
        code: WEEK_TASK_ALREADY_CLAIMED,
        msg: '本周该任务奖励已领取，请勿重复领取',
        data: null,
      });
    const claims = rowsOf<{ n: number }>(
      await t.db.execute(
        sql`select count(*)::int as n from fans_week_task_awards where user_id = ${member.userId}`,
      ),
    );
    expect(claims[0]?.n).toBe(1);
    const rows = rowsOf<{ intimacy: number; fans_level: number }>(
      await t.db.execute(
        sql`select intimacy, fans_level from fans_group_members where user_id = ${member.userId}`,
      ),
    );
    expect(rows).toEqual([{ intimacy: 30, fans_level: 2 }]);
    const again = await t.signedInject(
      contract.live.weekTaskAward,
      { streamId: host.streamId, taskKey: 'watch' },
      { cookies: member.cookies },
    );
    expect(again.body.code).toBe(WEEK_TASK_ALREADY_CLAIMED);
    info = await t.signedInject(
      contract.live.weekTaskInfo,
      { streamId: host.streamId },
      { cookies: member.cookies },
    );
    expect(info.body.data.tasks[0]?.state).toBe('claimed');
  });

  it('refuses a non-member and an unknown task, naming them', async () => {
    const host = await liveHost(t, 'week-host-2');
    const outsider = await signedInUser(t.app, t.db, 'week-outsider');
    const res = await t.signedInject(
      contract.live.weekTaskAward,
      { streamId: host.streamId, taskKey: 'watch' },
      { cookies: outsider.cookies },
    );
    expect(res.body).toEqual({
      code: FANS_NOT_MEMBER,
      msg: '你还不是该粉丝团成员，加入粉丝团后才能领取',
      data: null,
    });
    const unknown = await t.signedInject(
      contract.live.weekTaskAward,
      { streamId: host.streamId, taskKey: 'dance' },
      { cookies: outsider.cookies },
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.msg).toBe('taskKey: 没有这个每周任务');
  });
});

describe('diff-allowance and levelGift', () => {
  it('offers the allowance of a reached level; 20 concurrent claims make one', async () => {
    const host = await liveHost(t, 'allow-host');
    const member = await liveMember(t, host.streamId, 'allow-member');
    await play(t, member.cookies, host.streamLogId, 'share', 6); // 30 intimacy: level 2
    const info = await t.signedInject(
      contract.live.allowanceInfo,
      { streamId: host.streamId },
      { cookies: member.cookies },
    );
    expect(info.body.data.fansLevel).toBe(2);
    expect(info.body.data.list.slice(0, 2)).toEqual([
      { fansLevel: 2, amountCents: 400, state: 'claimable', claimedAt: null },
      { fansLevel: 3, amountCents: 600, state: 'locked', claimedAt: null },
    ]);
    const locked = await t.signedInject(
      contract.live.claimAllowance,
      { streamId: host.streamId, fansLevel: 3 },
      { cookies: member.cookies },
    );
    expect(locked.body).toEqual({
      code: ALLOWANCE_NOT_EARNED,
      msg: '粉丝等级达到 3 级后才能领取该补贴',
      data: null,
    });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.signedInject(
          contract.live.claimAllowance,
          { streamId: host.streamId, fansLevel: 2 },
          { cookies: member.cookies },
        ),
      ),
    );
    expect(answers.filter((a) => a.body.code === SUCCESS)).toHaveLength(1);
    for (const a of answers.filter((x) => x.body.code !== SUCCESS))
      expect(a.body).toEqual({
        code: ALLOWANCE_ALREADY_CLAIMED,
        msg: '该等级的升级补贴已领取，请勿重复领取',
        data: null,
      });
    const claims = rowsOf<{ n: number; cents: number }>(
      await t.db.execute(
        sql`select count(*)::int as n, sum(amount_cents)::int as cents from fans_allowance_claims where user_id = ${member.userId}`,
      ),
    );
    expect(claims[0]).toEqual({ n: 1, cents: 400 });
    const after = await t.signedInject(
      contract.live.allowanceInfo,
      { streamId: host.streamId },
      { cookies: member.cookies },
    );
    expect(after.body.data.list[0]?.state).toBe('claimed');
    const gifts = await t.signedInject(
      contract.live.levelGift,
      { streamId: host.streamId },
      { cookies: member.cookies },
    );
    expect(gifts.body.data.fansLevel).toBe(2);
    expect(gifts.body.data.list.filter((g) => g.owned).map((g) => g.name)).toEqual([
      '粉丝团灯牌',
      '专属表情',
    ]);
    expect(gifts.body.data.list).toHaveLength(8);
  });
});

describe('audience rank-list', () => {
  it('pages a seeded group in the order SQL gives, and shows my rank outside the page', async () => {
    const expected = rowsOf<{ user_id: number; intimacy: number }>(
      await t.db.execute(
        sql`select user_id, intimacy from fans_group_members where group_id = 1 order by intimacy desc, user_id desc`,
      ),
    );
    expect(expected.length).toBeGreaterThan(10);
    const seen: Array<{ rank: number; userId: number; intimacy: number }> = [];
    let lastId: string | undefined;
    for (let i = 0; i < 50; i++) {
      const res = await t.signedInject(contract.live.audienceRankList, {
        streamId: 1,
        limit: 7,
        ...(lastId ? { lastId } : {}),
      });
      expect(res.body.code).toBe(SUCCESS);
      expect(res.body.data.mine).toBeNull();
      seen.push(
        ...res.body.data.list.map((r) => ({ rank: r.rank, userId: r.user.userId, intimacy: r.intimacy })),
      );
      if (!res.body.data.hasMore) break;
      lastId = res.body.data.lastId ?? undefined;
    }
    expect(seen).toEqual(expected.map((r, i) => ({ rank: i + 1, userId: r.user_id, intimacy: r.intimacy })));

    const host = await liveHost(t, 'rank-host');
    const members = [];
    for (let i = 0; i < 4; i++) members.push(await liveMember(t, host.streamId, `rank-member-${i}`));
    for (const [i, m] of members.entries()) await play(t, m.cookies, host.streamLogId, 'light', 10 * (i + 1));
    const last = members[0];
    if (!last) throw new Error('no member');
    const page = await t.signedInject(
      contract.live.audienceRankList,
      { streamId: host.streamId, limit: 2 },
      { cookies: last.cookies },
    );
    expect(page.body.data.list.map((r) => r.intimacy)).toEqual([40, 30]);
    expect(page.body.data.mine).toMatchObject({
      rank: 4,
      intimacy: 10,
      fansLevel: 1,
      user: { userId: last.userId },
    });
  });
});

describe('today tab and the host follow', () => {
  it('ranks today’s intimacy with my own place, and shows whether I follow the host', async () => {
    const host = await liveHost(t, 'tab-host');
    const a = await liveMember(t, host.streamId, 'tab-a');
    const b = await liveMember(t, host.streamId, 'tab-b');
    await play(t, a.cookies, host.streamLogId, 'light', 2);
    await play(t, b.cookies, host.streamLogId, 'comment', 3);
    const today = await t.signedInject(
      contract.live.audienceRankList,
      { streamId: host.streamId, period: 'today' },
      { cookies: a.cookies },
    );
    expect(today.body.data.list.map((r) => [r.rank, r.user.userId, r.intimacy])).toEqual([
      [1, b.userId, 6],
      [2, a.userId, 2],
    ]);
    expect(today.body.data).toMatchObject({ hasMore: false, lastId: null, mine: { rank: 2, intimacy: 2 } });
    let info = await t.signedInject(
      contract.live.fansGroupInfo,
      { streamId: host.streamId },
      { cookies: a.cookies },
    );
    expect(info.body.data.hostFollowed).toBe(false);
    await t.signedInject(contract.community.followAdd, { userId: host.userId }, { cookies: a.cookies });
    info = await t.signedInject(
      contract.live.fansGroupInfo,
      { streamId: host.streamId },
      { cookies: a.cookies },
    );
    expect(info.body.data.hostFollowed).toBe(true);
  });
});

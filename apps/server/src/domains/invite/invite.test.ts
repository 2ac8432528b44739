import { contract, INVITE_REWARD_POINTS } from '@h5/contract';
import { INVITE_CODE_EXPIRED, INVITE_CODE_NOT_FOUND, SUCCESS, TOURIST } from '@h5/core';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import {
  contentLights,
  contents,
  follows,
  invitations,
  inviteBindings,
  inviteRewards,
} from '../../db/schema';
import { DEMO_CREATOR_ID } from '../../db/seed/creator-portrait';
import { insertInviteSeed, SEED_INVITE_CODE } from '../../db/seed/invite-seed';
import { createTestApp, signedInUser, type TestApp } from '../../test-utils';
import { expireInvitation, inviterWithCode, provenNumber, registeredDaysAgo } from './invite-test-kit';
import { INVITE_SHARE_CARD_PATH } from './share-card';
import { starterTaskProgress } from './starter-tasks';
import { weekBounds } from './weekly';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A new account signed up on `code`'s landing; its cookies. */
async function signUpOn(code: string) {
  const { authToken } = await provenNumber(t);
  const signed = await t.signedInject(contract.invite.invitedSignUp, { code, authToken });
  expect(signed.body.code).toBe(SUCCESS);
  return { userId: signed.body.data.user.userId, cookies: signed.cookies };
}

/** Three creators to follow and five contents to light (seeded rows: creators 1–40 publish). */
async function seededTargets() {
  const rows = await t.db.select({ id: contents.id, authorId: contents.authorId }).from(contents).limit(200);
  const authors = [...new Set(rows.map((r) => r.authorId))].slice(0, 3);
  return { authors, contentIds: rows.slice(0, 5).map((r) => r.id) };
}

describe('start-invite', () => {
  it('gives the inviter one code however often and concurrently asked, with an absolute landing and share info', async () => {
    const inviter = await signedInUser(t.app, t.db, '邀请人甲');
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.signedInject(
          contract.invite.startInvite,
          {},
          { cookies: inviter.cookies, headers: { host: 'h5.test' } },
        ),
      ),
    );
    const codes = new Set(answers.map((a) => a.body.data.code));
    expect(codes.size).toBe(1);
    const data = answers[0]?.body.data;
    expect(data?.code).toMatch(/^[A-Z2-9]{8}$/);
    expect(data?.landingUrl).toBe(`http://h5.test/invite/landing?code=${data?.code}`);
    expect(data?.share).toEqual({
      title: '邀请人甲 邀请你加入社区',
      desc: expect.stringContaining('注册'),
      image: `http://h5.test${INVITE_SHARE_CARD_PATH}`,
      url: data?.landingUrl,
    });
    expect(data?.reward).toEqual({
      points: INVITE_REWARD_POINTS,
      text: `每邀请 1 位新用户注册，你得 ${INVITE_REWARD_POINTS} 积分`,
    });
    const rows = await t.db.select().from(invitations).where(eq(invitations.inviterId, inviter.userId));
    expect(rows).toHaveLength(1);
    expect((await t.signedInject(contract.invite.startInvite, {})).body.code).toBe(TOURIST);
  });

  it('makes a new code once the old one expired; the old one then lands on "expired"', async () => {
    const { inviter, code } = await inviterWithCode(t);
    await expireInvitation(t, code);
    const again = await t.signedInject(contract.invite.startInvite, {}, { cookies: inviter.cookies });
    expect(again.body.data.code).not.toBe(code);
    const old = await t.signedInject(contract.invite.invitePage, { code });
    expect(old.body).toMatchObject({
      code: INVITE_CODE_EXPIRED,
      msg: '这份邀请已超过 30 天有效期，请让好友重新发送邀请链接',
    });
  });

  it('serves the share card as a PNG', async () => {
    const res = await t.app.inject({ method: 'GET', url: INVITE_SHARE_CARD_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  });
});

describe('invite-page', () => {
  it('shows a visitor the inviter, the reward, the rules and the share info; a typed code in any case', async () => {
    const { inviter, code } = await inviterWithCode(t, '邀请人乙');
    const page = await t.signedInject(contract.invite.invitePage, { code: ` ${code.toLowerCase()} ` });
    expect(page.body.code).toBe(SUCCESS);
    expect(page.body.data).toMatchObject({
      code,
      inviter: { userId: inviter.userId, userName: '邀请人乙' },
      reward: { points: INVITE_REWARD_POINTS },
      joinedCount: 0,
      viewer: { state: 'visitor' },
    });
    expect(page.body.data.rules.length).toBeGreaterThanOrEqual(4);
    expect(page.body.data.share.title).toBe('邀请人乙 邀请你加入社区');
  });

  it('refuses an unknown code with its own code and message', async () => {
    for (const code of ['NOSUCH99', '%%%', 'x'.repeat(32)]) {
      const page = await t.signedInject(contract.invite.invitePage, { code });
      expect(page.body).toEqual({
        code: INVITE_CODE_NOT_FOUND,
        msg: '没有找到这份邀请，请向好友确认链接后重新打开',
        data: null,
      });
    }
    const tooLong = await t.signedInject(contract.invite.invitePage, { code: 'x'.repeat(33) });
    expect(tooLong.status).toBe(400);
  });

  it('tells a logged-in viewer what they may do: self, can_bind, not_new, bound', async () => {
    const { inviter, code } = await inviterWithCode(t);
    const stateOf = async (cookies: Record<string, string>) =>
      (await t.signedInject(contract.invite.invitePage, { code }, { cookies })).body.data.viewer.state;
    expect(await stateOf(inviter.cookies)).toBe('self');
    const fresh = await signedInUser(t.app, t.db, 'fresh');
    expect(await stateOf(fresh.cookies)).toBe('can_bind');
    const old = await signedInUser(t.app, t.db, 'old');
    await registeredDaysAgo(t, old.userId, 8);
    expect(await stateOf(old.cookies)).toBe('not_new');
    await t.signedInject(contract.invite.invitedBind, { code }, { cookies: fresh.cookies });
    expect(await stateOf(fresh.cookies)).toBe('bound');
    const page = await t.signedInject(contract.invite.invitePage, { code });
    expect(page.body.data.joinedCount).toBe(1);
  });
});

describe('activity-page', () => {
  it('lists the invitees newest first with their starter tasks from the real rows and the reward once each', async () => {
    const { inviter, code } = await inviterWithCode(t);
    const first = await signUpOn(code);
    const second = await signUpOn(code);
    const { authors, contentIds } = await seededTargets();
    // The first invitee finishes everything: a content, three creators, five lights.
    await t.db
      .insert(contents)
      .values({ authorId: first.userId, contentType: 2, title: '我的第一篇', body: '你好' });
    await t.db
      .insert(follows)
      .values(authors.map((followeeId) => ({ followerId: first.userId, followeeId })));
    await t.db
      .insert(contentLights)
      .values(contentIds.map((contentId) => ({ userId: first.userId, contentId })));
    // The second: two lights only.
    await t.db
      .insert(contentLights)
      .values(contentIds.slice(0, 2).map((contentId) => ({ userId: second.userId, contentId })));

    const page = await t.signedInject(contract.invite.activityPage, {}, { cookies: inviter.cookies });
    expect(page.body.code).toBe(SUCCESS);
    const { list, totals, hasMore } = page.body.data;
    expect(hasMore).toBe(false);
    expect(totals).toEqual({ signUps: 2, rewardPoints: 2 * INVITE_REWARD_POINTS, finishedInvitees: 1 });
    expect(list.map((i) => i.user.userId)).toEqual([second.userId, first.userId]);
    expect(list[1]?.tasks.map((task) => [task.key, task.progress, task.done])).toEqual([
      ['publish', 1, true],
      ['follow', 3, true],
      ['light', 5, true],
    ]);
    expect(list[0]?.tasks.map((task) => [task.key, task.progress, task.target, task.done])).toEqual([
      ['publish', 0, 1, false],
      ['follow', 0, 3, false],
      ['light', 2, 5, false],
    ]);
    expect(list.every((i) => i.via === 'sign_up' && i.rewardPoints === INVITE_REWARD_POINTS)).toBe(true);

    // Paged: one by one, the cursor moves on.
    const p1 = await t.signedInject(contract.invite.activityPage, { limit: 1 }, { cookies: inviter.cookies });
    expect(p1.body.data.list.map((i) => i.user.userId)).toEqual([second.userId]);
    expect(p1.body.data.hasMore).toBe(true);
    const p2 = await t.signedInject(
      contract.invite.activityPage,
      { limit: 1, lastId: p1.body.data.lastId ?? undefined },
      { cookies: inviter.cookies },
    );
    expect(p2.body.data.list.map((i) => i.user.userId)).toEqual([first.userId]);
    expect(p2.body.data.hasMore).toBe(false);
    const forged = await t.signedInject(
      contract.invite.activityPage,
      { lastId: 'zz' },
      { cookies: inviter.cookies },
    );
    expect(forged.status).toBe(400);
    expect((await t.signedInject(contract.invite.activityPage, {})).body.code).toBe(TOURIST);
  });

  it('an inviter with nobody yet gets an empty list and zero totals', async () => {
    const { inviter } = await inviterWithCode(t);
    const page = await t.signedInject(contract.invite.activityPage, {}, { cookies: inviter.cookies });
    expect(page.body.data).toEqual({
      list: [],
      lastId: null,
      hasMore: false,
      totals: { signUps: 0, rewardPoints: 0, finishedInvitees: 0 },
    });
  });

  it('starterTaskProgress counts follows of creators only and caps progress at the target', async () => {
    const user = await signedInUser(t.app, t.db, 'starter');
    const nobody = await signedInUser(t.app, t.db, 'not-a-creator');
    const { authors, contentIds } = await seededTargets();
    await t.db
      .insert(follows)
      .values([
        { followerId: user.userId, followeeId: nobody.userId },
        ...authors.slice(0, 2).map((followeeId) => ({ followerId: user.userId, followeeId })),
      ]);
    await t.db
      .insert(contentLights)
      .values(contentIds.map((contentId) => ({ userId: user.userId, contentId })));
    const progress = await starterTaskProgress(t.db, [user.userId, 2_000_000_000]);
    expect(progress.get(user.userId)?.map((task) => task.progress)).toEqual([0, 2, 5]);
    expect(progress.get(2_000_000_000)?.every((task) => task.progress === 0)).toBe(true);
  });
});

describe('weekly-report', () => {
  it('weeks run Monday to Sunday in China time', () => {
    // 2025-06-01 was a Sunday; 16:30 UTC is already Monday 00:30 in China.
    expect(weekBounds(0, Date.UTC(2025, 5, 1, 12)).days[0]).toBe('2025-05-26');
    expect(weekBounds(0, Date.UTC(2025, 5, 1, 16, 30)).days).toEqual([
      '2025-06-02',
      '2025-06-03',
      '2025-06-04',
      '2025-06-05',
      '2025-06-06',
      '2025-06-07',
      '2025-06-08',
    ]);
    expect(weekBounds(1, Date.UTC(2025, 5, 1, 16, 30)).start.toISOString()).toBe('2025-05-25T16:00:00.000Z');
  });

  it('counts this week’s sign-ups, rewards and the invitees’ actions on their days', async () => {
    const { inviter, code } = await inviterWithCode(t);
    const invitee = await signUpOn(code);
    const { contentIds } = await seededTargets();
    await t.db
      .insert(contentLights)
      .values(contentIds.slice(0, 3).map((contentId) => ({ userId: invitee.userId, contentId })));
    await t.db
      .insert(contents)
      .values({ authorId: invitee.userId, contentType: 2, title: '本周', body: '内容' });
    const report = await t.signedInject(contract.invite.weeklyReport, {}, { cookies: inviter.cookies });
    expect(report.body.code).toBe(SUCCESS);
    const data = report.body.data;
    expect(data.days).toHaveLength(7);
    const [today] = rowsOf<{ d: string }>(
      await t.db.execute(
        sql`select to_char((now() at time zone 'UTC' + interval '8 hours')::date, 'YYYY-MM-DD') as d`,
      ),
    );
    expect(data.days.find((d) => d.date === today?.d)).toEqual({
      date: today?.d,
      signUps: 1,
      rewardPoints: INVITE_REWARD_POINTS,
      activeInvitees: 1,
      publishes: 1,
      follows: 0,
      lights: 3,
    });
    expect(data.totals).toEqual({
      signUps: 1,
      rewardPoints: INVITE_REWARD_POINTS,
      activeInvitees: 1,
      actions: 4,
    });
    const before = await t.signedInject(
      contract.invite.weeklyReport,
      { weeksAgo: 1 },
      { cookies: inviter.cookies },
    );
    expect(before.body.data.totals).toEqual({ signUps: 0, rewardPoints: 0, activeInvitees: 0, actions: 0 });
    expect(before.body.data.weekEnd < data.weekStart).toBe(true);
    const tooFar = await t.signedInject(
      contract.invite.weeklyReport,
      { weeksAgo: 13 },
      { cookies: inviter.cookies },
    );
    expect(tooFar.status).toBe(400);
    expect((await t.signedInject(contract.invite.weeklyReport, {})).body.code).toBe(TOURIST);
  });
});

describe('the seeded demo invitation', () => {
  it('stays live and keeps its invitees and their rewards once, however often the seed runs', async () => {
    await insertInviteSeed(t.db);
    await expireInvitation(t, SEED_INVITE_CODE);
    await insertInviteSeed(t.db);
    const page = await t.signedInject(contract.invite.invitePage, { code: SEED_INVITE_CODE });
    expect(page.body.data.inviter.userId).toBe(DEMO_CREATOR_ID);
    const bindings = await t.db
      .select()
      .from(inviteBindings)
      .where(eq(inviteBindings.inviterId, DEMO_CREATOR_ID));
    const rewards = await t.db
      .select()
      .from(inviteRewards)
      .where(eq(inviteRewards.inviterId, DEMO_CREATOR_ID));
    expect(bindings.length).toBeGreaterThanOrEqual(5);
    expect(rewards.length).toBe(bindings.length);
    expect(page.body.data.joinedCount).toBe(bindings.length);
  });
});

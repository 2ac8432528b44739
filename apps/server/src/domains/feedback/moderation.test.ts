import { randomUUID } from 'node:crypto';
import { contract } from '@h5/contract';
import {
  BAN_UNTIL_PAST,
  FEEDBACK_TARGET_NOT_FOUND,
  NOT_FOUND,
  OPERATOR_REQUEST_REFUSED,
  OPERATOR_ROLE_FORBIDDEN,
  REPORT_ALREADY_DECIDED,
  SUCCESS,
  USER_WRITE_BANNED,
} from '@h5/core';
import { buildRequest } from '@h5/request';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accusations,
  auditLog,
  hostCreditRecords,
  liveHosts,
  notifications,
  replies,
  userBans,
} from '../../db/schema';
import {
  createTestApp,
  insertTestContents,
  loginOperator,
  signedInUser,
  type TestApp,
} from '../../test-utils';
import { TAKE_DOWN_CREDIT_DELTA } from './moderation';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PLAIN_CONTENT_REASON = 1; // '色情低俗': no description needed
const COMMENT_REASON = 11;

/** A fresh author (a live host) with one content dated now, so it tops their home and the new feeds. */
async function authorWithContent() {
  const author = await signedInUser(t.app, t.db, 'moderated-author');
  await t.db.insert(liveHosts).values({ userId: author.userId });
  const [contentId] = await insertTestContents(t.db, author.userId, 1, () => ({
    title: '违规内容标题',
    createdAt: new Date(),
  }));
  return { author, contentId: contentId as number };
}

async function reportOf(targetType: 'content' | 'comment' | 'user', targetId: number, reasonId: number) {
  const reporter = await signedInUser(t.app, t.db, 'reporter');
  const res = await t.signedInject(
    contract.feedback.submitAccuse,
    { targetType, targetId: String(targetId), reasonId, description: '证据如图', requestId: randomUUID() },
    { cookies: reporter.cookies },
  );
  expect(res.body.code).toBe(SUCCESS);
  return res.body.data.accuseId;
}

const cardIds = (page: { list: { contentId: number }[] }) => page.list.map((card) => card.contentId);

describe('moderation: the report queue and an upheld content report', () => {
  it('lists pending reports oldest first with the target and reason', async () => {
    const mod = await loginOperator(t, 'moderator');
    const { contentId } = await authorWithContent();
    const first = await reportOf('content', contentId, PLAIN_CONTENT_REASON);
    const second = await reportOf('content', contentId, PLAIN_CONTENT_REASON);
    const ids: number[] = [];
    let lastId: string | undefined;
    for (;;) {
      const page = await mod.call(contract.feedback.moderationReports, {
        targetType: 'content',
        limit: 40,
        ...(lastId ? { lastId } : {}),
      });
      expect(page.body.code).toBe(SUCCESS);
      ids.push(...page.body.data.list.map((row) => row.accuseId));
      const mine = page.body.data.list.find((row) => row.accuseId === first);
      if (mine) {
        expect(mine).toMatchObject({
          target: { type: 'content', id: String(contentId), title: '违规内容标题' },
          reason: '色情低俗',
          description: '证据如图',
          status: 'pending',
          decidedBy: null,
        });
      }
      if (!page.body.data.lastId) break;
      lastId = page.body.data.lastId;
    }
    expect(ids.indexOf(first)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(first)).toBeLessThan(ids.indexOf(second));
  });

  it('takes the content down everywhere, tells its author why, costs credit, fails the commission rule, once', async () => {
    const mod = await loginOperator(t, 'moderator');
    const { author, contentId } = await authorWithContent();
    const reader = await signedInUser(t.app, t.db, 'reader');
    const accuseId = await reportOf('content', contentId, PLAIN_CONTENT_REASON);

    const home = () =>
      t.signedInject(
        contract.community.uhomepageContents,
        { userId: author.userId },
        { cookies: reader.cookies },
      );
    const detail = () =>
      t.signedInject(contract.content.contentDetail, { contentId }, { cookies: reader.cookies });
    expect(cardIds((await home()).body.data)).toEqual([contentId]);
    expect((await detail()).body.code).toBe(SUCCESS);
    const rules = await t.signedInject(contract.commerce.commissionCheck, {}, { cookies: author.cookies });
    expect(rules.body.data.rules.find((r) => r.key === 'clean')).toMatchObject({ met: true, current: 0 });

    const decided = await mod.call(contract.feedback.moderationDecide, {
      accuseId,
      decision: 'upheld',
      reason: '含有违规广告',
    });
    expect(decided.body.code).toBe(SUCCESS);
    expect(decided.body.data).toMatchObject({
      status: 'upheld',
      decisionReason: '含有违规广告',
      decidedBy: mod.operator.name,
    });
    const [stored] = await t.db.select().from(accusations).where(eq(accusations.id, accuseId));
    expect(stored?.status).toBe('upheld');

    // Gone from the user home, the recommend feed and the detail (the deleted content's 404).
    expect(cardIds((await home()).body.data)).toEqual([]);
    const missing = await detail();
    expect(missing.body.code).toBe(NOT_FOUND);
    expect(missing.body.msg).toBe('内容不存在或已被删除');
    const feed = await t.signedInject(
      contract.content.moreRecommend,
      { limit: 40 },
      { cookies: reader.cookies },
    );
    expect(cardIds(feed.body.data)).not.toContain(contentId);
    const light = await t.signedInject(
      contract.community.addContentLight,
      { contentId },
      { cookies: reader.cookies },
    );
    expect(light.body.msg).toBe('内容不存在或已被删除');
    // Nor can it be reported again: the report form finds no target.
    const reportForm = await t.signedInject(
      contract.feedback.accuseInfo,
      { targetType: 'content', targetId: String(contentId) },
      { cookies: reader.cookies },
    );
    expect(reportForm.body).toMatchObject({
      code: FEEDBACK_TARGET_NOT_FOUND,
      msg: '举报对象不存在或已被删除',
    });

    // The author's own home says why; a reader of that home sees nothing.
    const own = await t.signedInject(
      contract.community.uhomepageProfile,
      { userId: author.userId },
      { cookies: author.cookies },
    );
    expect(own.body.data.takenDown).toEqual([
      { contentId, title: '违规内容标题', reason: '含有违规广告', at: expect.any(String) },
    ]);
    expect(own.body.data.contentCount).toBe(0);
    const other = await t.signedInject(
      contract.community.uhomepageProfile,
      { userId: author.userId },
      { cookies: reader.cookies },
    );
    expect(other.body.data.takenDown).toEqual([]);

    // Issue 32 point 3: the author is told of the take-down, the reporter of the decision, once.
    const notices = (userId: number) =>
      t.db
        .select({ text: notifications.text, link: notifications.link, kind: notifications.kind })
        .from(notifications)
        .where(eq(notifications.recipientId, userId));
    expect(await notices(author.userId)).toEqual([
      {
        kind: 'system',
        text: '你的内容《违规内容标题》因被举报已下架，原因：含有违规广告',
        link: `/community/user?userId=${author.userId}`,
      },
    ]);
    expect(await notices(stored?.userId as number)).toEqual([
      { kind: 'system', text: '你举报的内容经核实违规，已处理，感谢你的反馈', link: null },
    ]);

    // The live host credit record (credit detail sums host_credit_records).
    const credit = await t.db
      .select()
      .from(hostCreditRecords)
      .where(eq(hostCreditRecords.hostId, author.userId));
    expect(credit.map((r) => [r.delta, r.reason])).toEqual([
      [TAKE_DOWN_CREDIT_DELTA, '内容违规被下架：违规内容标题'],
    ]);

    // The commission rule counts the upheld report.
    const after = await t.signedInject(contract.commerce.commissionCheck, {}, { cookies: author.cookies });
    expect(after.body.data.rules.find((r) => r.key === 'clean')).toMatchObject({ met: false, current: 1 });

    // A second decision is refused; the audit rows carry before and after.
    const again = await mod.call(contract.feedback.moderationDecide, {
      accuseId,
      decision: 'rejected',
      reason: '再判一次',
    });
    expect(again.body).toMatchObject({
      code: REPORT_ALREADY_DECIDED,
      msg: '该举报已处理（举报成立），不能重复处理',
    });
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.operatorId, mod.operator.operatorId))
      .orderBy(auditLog.id);
    expect(
      audit
        .filter((r) => r.action !== 'operator.login')
        .map((r) => [r.action, r.objectType, r.objectId, r.before, r.after, r.reason]),
    ).toEqual([
      [
        'report.uphold',
        'report',
        String(accuseId),
        { status: 'pending', decisionReason: '' },
        { status: 'upheld', decisionReason: '含有违规广告', target: `content:${contentId}` },
        '含有违规广告',
      ],
      [
        'content.take_down',
        'content',
        String(contentId),
        { takenDownAt: null, takenDownReason: null },
        {
          takenDownAt: expect.any(String),
          takenDownReason: '含有违规广告',
          credit: {
            hostId: author.userId,
            delta: TAKE_DOWN_CREDIT_DELTA,
            reason: '内容违规被下架：违规内容标题',
          },
        },
        '含有违规广告',
      ],
    ]);
  });

  it('refuses a live_ops operator (5002) and a replayed decision (5003)', async () => {
    const ops = await loginOperator(t, 'live_ops');
    const refused = await ops.call(contract.feedback.moderationReports, {});
    expect(refused.body).toMatchObject({
      code: OPERATOR_ROLE_FORBIDDEN,
      msg: '当前角色（live_ops）无权进行此操作',
    });

    const mod = await loginOperator(t, 'moderator');
    const { contentId } = await authorWithContent();
    const accuseId = await reportOf('content', contentId, PLAIN_CONTENT_REASON);
    const wire = buildRequest(
      contract.feedback.moderationDecide,
      { accuseId, decision: 'rejected', reason: '证据不足' },
      t.env.SIGN_SECRET,
    );
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: wire.url,
        payload: wire.body,
        cookies: mod.cookies,
        headers: { ...wire.headers, 'x-op-csrf': mod.cookies.h5_op_csrf as string },
      });
    expect((await send()).json().data.status).toBe('rejected');
    expect((await send()).json()).toMatchObject({
      code: OPERATOR_REQUEST_REFUSED,
      msg: '后台请求被拒绝：重复的请求（重放）',
    });
  });
});

describe('moderation: comments', () => {
  it('hides a comment (directly or by an upheld report): gone from the lists and the count', async () => {
    const mod = await loginOperator(t, 'moderator');
    const { contentId } = await authorWithContent();
    const writer = await signedInUser(t.app, t.db, 'commenter');
    const post = (content: string, replyId?: number) =>
      t.signedInject(
        contract.community.replyAdd,
        { contentId, content, requestId: randomUUID(), ...(replyId ? { replyId } : {}) },
        { cookies: writer.cookies },
      );
    const top = (await post('第一条评论')).body.data.reply.replyId;
    await post('子评论', top);
    const other = (await post('第二条评论')).body.data.reply.replyId;
    const list = () =>
      t.signedInject(contract.community.replyList, { contentId }, { cookies: writer.cookies });
    expect((await list()).body.data.replyCount).toBe(3);

    const hidden = await mod.call(contract.feedback.moderationHideComment, {
      replyId: top,
      reason: '人身攻击',
    });
    expect(hidden.body.data).toMatchObject({ replyId: top, hidden: true, hiddenReason: '人身攻击' });
    const afterHide = (await list()).body.data;
    expect(afterHide.list.map((r) => r.replyId)).toEqual([other]);
    expect(afterHide.replyCount).toBe(1);
    // Answering the hidden comment finds nothing.
    expect((await post('回复被隐藏的评论', top)).body.code).toBe(NOT_FOUND);

    const accuseId = await reportOf('comment', other, COMMENT_REASON);
    const decided = await mod.call(contract.feedback.moderationDecide, {
      accuseId,
      decision: 'upheld',
      reason: '广告刷屏',
    });
    expect(decided.body.data.status).toBe('upheld');
    const [row] = await t.db.select().from(replies).where(eq(replies.id, other));
    expect(row?.hiddenReason).toBe('广告刷屏');
    expect((await list()).body.data).toMatchObject({ list: [], replyCount: 0 });

    const shown = await mod.call(contract.feedback.moderationHideComment, {
      replyId: top,
      hidden: false,
      reason: '误判恢复',
    });
    expect(shown.body.data.hidden).toBe(false);
    expect((await list()).body.data.replyCount).toBe(2);
  });
});

describe('moderation: writing bans', () => {
  it('refuses a banned user’s writes with the end and reason, keeps reads, lifts', async () => {
    const mod = await loginOperator(t, 'moderator');
    const { contentId } = await authorWithContent();
    const user = await signedInUser(t.app, t.db, 'banned-user');
    const banned = await mod.call(contract.feedback.moderationBan, {
      userId: user.userId,
      until: '2099-12-01T04:00:00.000Z',
      reason: '多次发布广告',
    });
    expect(banned.body.data).toMatchObject({ userId: user.userId, active: true, reason: '多次发布广告' });

    const refusal = { code: USER_WRITE_BANNED, msg: '你已被禁止发言至 2099-12-01 12:00，原因：多次发布广告' };
    const comment = await t.signedInject(
      contract.community.replyAdd,
      { contentId, content: '想说话', requestId: randomUUID() },
      { cookies: user.cookies },
    );
    expect(comment.body).toMatchObject(refusal);
    const light = await t.signedInject(
      contract.community.addContentLight,
      { contentId },
      { cookies: user.cookies },
    );
    expect(light.body).toMatchObject(refusal);
    const follow = await t.signedInject(
      contract.community.followAdd,
      { userId: 1 },
      { cookies: user.cookies },
    );
    expect(follow.body).toMatchObject(refusal);
    const report = await t.signedInject(
      contract.feedback.submitAccuse,
      { targetType: 'content', targetId: String(contentId), reasonId: 1, requestId: randomUUID() },
      { cookies: user.cookies },
    );
    expect(report.body).toMatchObject(refusal);
    // Reads still work.
    expect(
      (await t.signedInject(contract.content.contentDetail, { contentId }, { cookies: user.cookies })).body
        .code,
    ).toBe(SUCCESS);
    expect((await t.signedInject(contract.auth.me, {}, { cookies: user.cookies })).body.code).toBe(SUCCESS);

    const bans = await mod.call(contract.feedback.moderationBans, { limit: 40 });
    expect(bans.body.data.list.some((b) => b.userId === user.userId)).toBe(true);

    const past = await mod.call(contract.feedback.moderationBan, {
      userId: user.userId,
      until: '2020-01-01T00:00:00.000Z',
      reason: '过去',
    });
    expect(past.body).toMatchObject({ code: BAN_UNTIL_PAST, msg: '禁言结束时间必须晚于现在' });

    const lifted = await mod.call(contract.feedback.moderationLiftBan, {
      userId: user.userId,
      reason: '申诉通过',
    });
    expect(lifted.body.data).toEqual({ userId: user.userId, lifted: true });
    expect(await t.db.select().from(userBans).where(eq(userBans.userId, user.userId))).toEqual([]);
    const allowed = await t.signedInject(
      contract.community.addContentLight,
      { contentId },
      { cookies: user.cookies },
    );
    expect(allowed.body.code).toBe(SUCCESS);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'user'), eq(auditLog.objectId, String(user.userId))))
      .orderBy(auditLog.id);
    expect(audit.map((r) => [r.action, r.reason, r.before === null, r.after === null])).toEqual([
      ['user.ban', '多次发布广告', true, false],
      ['user.unban', '申诉通过', false, true],
    ]);
  });
});

describe('moderation: the reporter hears the decision (issue 32 point 3)', () => {
  it('a rejected report tells the reporter why, once, and the author nothing', async () => {
    const mod = await loginOperator(t, 'moderator');
    const { author, contentId } = await authorWithContent();
    const accuseId = await reportOf('content', contentId, PLAIN_CONTENT_REASON);
    const decide = () =>
      mod.call(contract.feedback.moderationDecide, { accuseId, decision: 'rejected', reason: '未发现违规' });
    expect((await decide()).body.code).toBe(SUCCESS);
    expect((await decide()).body.code).toBe(REPORT_ALREADY_DECIDED);
    const [report] = await t.db.select().from(accusations).where(eq(accusations.id, accuseId));
    const told = await t.db
      .select({ text: notifications.text, dedupeKey: notifications.dedupeKey })
      .from(notifications)
      .where(eq(notifications.recipientId, report?.userId as number));
    expect(told).toEqual([
      { text: '你举报的内容经核实未发现违规，原因：未发现违规', dedupeKey: `system:report:${accuseId}` },
    ]);
    expect(
      await t.db.select().from(notifications).where(eq(notifications.recipientId, author.userId)),
    ).toEqual([]);
  });
});

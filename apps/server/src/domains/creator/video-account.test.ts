import { contract } from '@h5/contract';
import {
  FEEDBACK_IMAGE_NOT_OWNED,
  NOT_FOUND,
  OPERATOR_ROLE_FORBIDDEN,
  SUCCESS,
  VIDEO_ACCOUNT_ALREADY_REVIEWED,
  VIDEO_ACCOUNT_APPLICATION_PENDING,
  VIDEO_ACCOUNT_DETAILS_MISSING,
} from '@h5/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, flexibleStaffingSignings, users, videoAccountApplications } from '../../db/schema';
import {
  badRequestBody,
  createTestApp,
  loginOperator,
  signedInUser,
  storedObjectOf,
  type TestApp,
  type TestOperator,
} from '../../test-utils';

let t: TestApp;
let moderator: TestOperator;
beforeAll(async () => {
  t = await createTestApp();
  moderator = await loginOperator(t, 'moderator');
});
afterAll(() => t.close());

const DETAILS = {
  name: '跑鞋实验室',
  accountId: 'run_lab-01',
  profileUrl: 'https://channels.example.com/run_lab-01',
};

async function creatorWithDetails(name: string) {
  const creator = await signedInUser(t.app, t.db, name);
  const saved = await t.signedInject(contract.creator.saveVideoAccount, DETAILS, {
    cookies: creator.cookies,
  });
  expect(saved.body.code).toBe(SUCCESS);
  return creator;
}

describe('video-account/index', () => {
  it('answers none before anything was saved', async () => {
    const { cookies } = await signedInUser(t.app, t.db, 'va-none');
    const res = await t.signedInject(contract.creator.videoAccount, {}, { cookies });
    expect(res.body).toEqual({
      code: SUCCESS,
      msg: 'success',
      data: { details: null, state: 'none', reason: null, application: null },
    });
  });

  it.each([
    [{ ...DETAILS, name: '  ' }, 'name: 请填写视频号名称'],
    [{ ...DETAILS, name: '名'.repeat(31) }, 'name: 视频号名称不能超过 30 个字'],
    [{ ...DETAILS, accountId: 'a b' }, 'accountId: 视频号 ID 须为 4 到 32 位字母、数字、下划线或短横线'],
    [
      { ...DETAILS, profileUrl: 'http://channels.example.com/x' },
      'profileUrl: 主页链接须为 https:// 开头的网址',
    ],
  ])('refuses bad details with 400 naming the field (%o)', async (body, msg) => {
    const { cookies } = await signedInUser(t.app, t.db, 'va-bad');
    const res = await t.signedInject(contract.creator.saveVideoAccount, body, { cookies });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(badRequestBody(msg));
  });

  it('saves and replaces the details (trimmed name)', async () => {
    const { cookies } = await signedInUser(t.app, t.db, 'va-save');
    await t.signedInject(contract.creator.saveVideoAccount, { ...DETAILS, name: ' 旧名字 ' }, { cookies });
    const res = await t.signedInject(contract.creator.saveVideoAccount, DETAILS, { cookies });
    expect(res.body.data).toEqual({ details: DETAILS, state: 'none', reason: null, application: null });
    const read = await t.signedInject(contract.creator.videoAccount, {}, { cookies });
    expect(read.body.data.details).toEqual(DETAILS);
  });
});

describe('video-account/apply and the internal review', () => {
  it('refuses an application before the details were saved', async () => {
    const { userId, cookies } = await signedInUser(t.app, t.db, 'va-no-details');
    const key = await storedObjectOf(t.db, userId);
    const res = await t.signedInject(contract.creator.applyVideoAccount, { screenshotKey: key }, { cookies });
    expect(res.body).toEqual({
      code: VIDEO_ACCOUNT_DETAILS_MISSING,
      msg: '请先填写并保存视频号资料，再提交申请',
      data: null,
    });
  });

  it('refuses a screenshot the caller did not upload', async () => {
    const { cookies } = await creatorWithDetails('va-foreign');
    const other = await signedInUser(t.app, t.db, 'va-foreign-owner');
    const key = await storedObjectOf(t.db, other.userId);
    const res = await t.signedInject(contract.creator.applyVideoAccount, { screenshotKey: key }, { cookies });
    expect(res.body).toEqual({
      code: FEEDBACK_IMAGE_NOT_OWNED,
      msg: `图片 ${key} 不是你上传的图片，请重新上传`,
      data: null,
    });
  });

  it('keeps one pending application under 10 concurrent applies', async () => {
    const { userId, cookies } = await creatorWithDetails('va-race');
    const key = await storedObjectOf(t.db, userId);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.signedInject(contract.creator.applyVideoAccount, { screenshotKey: key }, { cookies }),
      ),
    );
    expect(answers.filter((a) => a.body.code === SUCCESS)).toHaveLength(1);
    const refused = answers.filter((a) => a.body.code !== SUCCESS);
    expect(refused).toHaveLength(9);
    for (const a of refused)
      expect(a.body).toEqual({
        code: VIDEO_ACCOUNT_APPLICATION_PENDING,
        msg: '已有一份视频号申请正在审核中，请等待审核结果',
        data: null,
      });
    const rows = await t.db
      .select()
      .from(videoAccountApplications)
      .where(eq(videoAccountApplications.userId, userId));
    expect(rows).toHaveLength(1);
  });

  it('pending → rejected with a reason → pending again → approved; the public card appears', async () => {
    const { userId, cookies } = await creatorWithDetails('va-journey');
    const key = await storedObjectOf(t.db, userId);
    const card = () => t.signedInject(contract.creator.videoAccountCard, { userId });
    expect((await card()).body).toEqual({ code: NOT_FOUND, msg: '该用户还没有通过认证的视频号', data: null });

    const applied = await t.signedInject(
      contract.creator.applyVideoAccount,
      { screenshotKey: key },
      { cookies },
    );
    expect(applied.body.data).toMatchObject({ state: 'pending', reason: null });
    const applicationId = applied.body.data.application?.applicationId as number;
    expect(applied.body.data.application?.screenshotUrl).toBe(`/cdn/${key}`);

    const queue = await moderator.call(contract.creator.videoAccountApplications, { limit: 40 });
    expect(queue.body.data.list.find((a) => a.applicationId === applicationId)).toMatchObject({
      user: { userId, userName: 'va-journey' },
      ...DETAILS,
      screenshotUrl: `/cdn/${key}`,
      state: 'pending',
      reason: null,
      reviewedAt: null,
    });

    const noReason = await moderator.call(contract.creator.reviewVideoAccount, {
      applicationId,
      decision: 'reject',
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body).toEqual(badRequestBody('reason: 驳回时请填写原因'));

    const rejected = await moderator.call(contract.creator.reviewVideoAccount, {
      applicationId,
      decision: 'reject',
      reason: '截图看不清账号 ID',
    });
    expect(rejected.body.data).toEqual({ applicationId, state: 'rejected' });
    const seen = await t.signedInject(contract.creator.videoAccount, {}, { cookies });
    expect(seen.body.data).toMatchObject({ state: 'rejected', reason: '截图看不清账号 ID' });
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.objectType, 'video_account_application'),
          eq(auditLog.objectId, String(applicationId)),
        ),
      );
    expect(
      audit.map(({ operatorId, action, before, after, reason }) => ({
        operatorId,
        action,
        before,
        after,
        reason,
      })),
    ).toEqual([
      {
        operatorId: moderator.operator.operatorId,
        action: 'video_account.reject',
        before: { state: 'pending', reason: null },
        after: { state: 'rejected', reason: '截图看不清账号 ID' },
        reason: '截图看不清账号 ID',
      },
    ]);
    const rejectedList = await moderator.call(contract.creator.videoAccountApplications, {
      state: 'rejected',
      limit: 40,
    });
    expect(rejectedList.body.data.list.find((a) => a.applicationId === applicationId)).toMatchObject({
      state: 'rejected',
      reason: '截图看不清账号 ID',
    });
    const twice = await moderator.call(contract.creator.reviewVideoAccount, {
      applicationId,
      decision: 'approve',
    });
    expect(twice.body).toEqual({
      code: VIDEO_ACCOUNT_ALREADY_REVIEWED,
      msg: '该申请已审核，不能重复审核',
      data: null,
    });

    const again = await t.signedInject(
      contract.creator.applyVideoAccount,
      { screenshotKey: key },
      { cookies },
    );
    const secondId = again.body.data.application?.applicationId as number;
    expect(again.body.data).toMatchObject({ state: 'pending', reason: null });
    const approved = await moderator.call(contract.creator.reviewVideoAccount, {
      applicationId: secondId,
      decision: 'approve',
    });
    expect(approved.body.data).toEqual({ applicationId: secondId, state: 'approved' });
    expect((await t.signedInject(contract.creator.videoAccount, {}, { cookies })).body.data.state).toBe(
      'approved',
    );

    const [row] = await t.db
      .select()
      .from(videoAccountApplications)
      .where(and(eq(videoAccountApplications.id, secondId), eq(videoAccountApplications.state, 'approved')));
    const shown = await card();
    expect(shown.body.data).toEqual({
      user: { userId, userName: 'va-journey', avatar: '/cdn/seed/avatar-test.svg' },
      ...DETAILS,
      approvedAt: row?.reviewedAt?.toISOString(),
    });
  });

  it('answers a missing application with not found', async () => {
    const res = await moderator.call(contract.creator.reviewVideoAccount, {
      applicationId: 2_000_000_000,
      decision: 'approve',
    });
    expect(res.body).toEqual({ code: NOT_FOUND, msg: '视频号申请不存在', data: null });
  });
});

describe('the review queue', () => {
  it('lists the pending oldest first, page by page', async () => {
    const ids: number[] = [];
    for (const name of ['va-queue-a', 'va-queue-b', 'va-queue-c']) {
      const { userId, cookies } = await creatorWithDetails(name);
      const key = await storedObjectOf(t.db, userId);
      const applied = await t.signedInject(
        contract.creator.applyVideoAccount,
        { screenshotKey: key },
        { cookies },
      );
      ids.push(applied.body.data.application?.applicationId as number);
    }
    const seen: number[] = [];
    let lastId: string | undefined;
    for (let page = 0; page < 50; page++) {
      const res = await moderator.call(contract.creator.videoAccountApplications, {
        limit: 2,
        ...(lastId ? { lastId } : {}),
      });
      seen.push(...res.body.data.list.map((a) => a.applicationId));
      if (!res.body.data.hasMore) break;
      lastId = res.body.data.lastId as string;
    }
    // Created one after the other: the three appear in that order, after every older pending one.
    expect(seen.filter((id) => ids.includes(id))).toEqual(ids);
    expect(seen.indexOf(ids[0] as number)).toBeLessThan(seen.indexOf(ids[2] as number));
  });

  it('refuses a live_ops operator (5002) and a user session (5001)', async () => {
    const liveOps = await loginOperator(t, 'live_ops');
    const res = await liveOps.call(contract.creator.reviewVideoAccount, {
      applicationId: 1,
      decision: 'approve',
    });
    expect(res.body).toMatchObject({
      code: OPERATOR_ROLE_FORBIDDEN,
      msg: '当前角色（live_ops）无权进行此操作',
    });
    const { cookies } = await signedInUser(t.app, t.db, 'va-not-operator');
    const asUser = await t.signedInject(contract.creator.videoAccountApplications, {}, { cookies });
    expect(asUser.body.code).toBe(5001);
  });

  it('is not internal: production answers it to a moderator', async () => {
    const pro = await createTestApp({ APP_ENV: 'pro' });
    try {
      const mod = await loginOperator(pro, 'moderator');
      const res = await mod.call(contract.creator.videoAccountApplications, {});
      expect(res.status).toBe(200);
      expect(res.body.code).toBe(SUCCESS);
    } finally {
      await pro.close();
    }
  });
});

describe('the flexible-staffing signing table', () => {
  it('lists creators with their signing, narrowed to the signed or unsigned', async () => {
    const signer = await signedInUser(t.app, t.db, 'fs-signed');
    const unsigned = await signedInUser(t.app, t.db, 'fs-unsigned');
    await t.db.update(users).set({ isCreator: true }).where(eq(users.id, unsigned.userId));
    const [signing] = await t.db
      .insert(flexibleStaffingSignings)
      .values({ userId: signer.userId })
      .returning();
    const all = async (signed?: 'yes' | 'no') => {
      const rows = [];
      let lastId: string | undefined;
      for (let page = 0; page < 100; page++) {
        const res = await moderator.call(contract.creator.staffingSignings, {
          limit: 40,
          ...(signed ? { signed } : {}),
          ...(lastId ? { lastId } : {}),
        });
        expect(res.body.code).toBe(SUCCESS);
        rows.push(...res.body.data.list);
        if (!res.body.data.hasMore) break;
        lastId = res.body.data.lastId as string;
      }
      return rows;
    };
    const everyone = await all();
    expect(everyone.find((r) => r.user.userId === signer.userId)).toEqual({
      user: { userId: signer.userId, userName: 'fs-signed', avatar: '/cdn/seed/avatar-test.svg' },
      signed: true,
      signedAt: signing?.signedAt.toISOString(),
    });
    expect(everyone.find((r) => r.user.userId === unsigned.userId)).toMatchObject({
      signed: false,
      signedAt: null,
    });
    expect((await all('yes')).map((r) => r.user.userId)).toContain(signer.userId);
    expect((await all('yes')).map((r) => r.user.userId)).not.toContain(unsigned.userId);
    expect((await all('no')).map((r) => r.user.userId)).toContain(unsigned.userId);
    expect((await all('no')).map((r) => r.user.userId)).not.toContain(signer.userId);
  });
});

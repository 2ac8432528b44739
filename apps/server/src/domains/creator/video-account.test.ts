import { contract } from '@h5/contract';
import {
  FEEDBACK_IMAGE_NOT_OWNED,
  FORBIDDEN,
  NOT_FOUND,
  SUCCESS,
  VIDEO_ACCOUNT_ALREADY_REVIEWED,
  VIDEO_ACCOUNT_APPLICATION_PENDING,
  VIDEO_ACCOUNT_DETAILS_MISSING,
} from '@h5/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videoAccountApplications } from '../../db/schema';
import { badRequestBody, createTestApp, signedInUser, storedObjectOf, type TestApp } from '../../test-utils';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
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

    const queue = await t.signedInject(contract.creator.videoAccountApplications, {});
    expect(queue.body.data.list.find((a) => a.applicationId === applicationId)).toMatchObject({
      user: { userId, userName: 'va-journey' },
      ...DETAILS,
      screenshotUrl: `/cdn/${key}`,
    });

    const noReason = await t.signedInject(contract.creator.reviewVideoAccount, {
      applicationId,
      decision: 'reject',
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body).toEqual(badRequestBody('reason: 驳回时请填写原因'));

    const rejected = await t.signedInject(contract.creator.reviewVideoAccount, {
      applicationId,
      decision: 'reject',
      reason: '截图看不清账号 ID',
    });
    expect(rejected.body.data).toEqual({ applicationId, state: 'rejected' });
    const seen = await t.signedInject(contract.creator.videoAccount, {}, { cookies });
    expect(seen.body.data).toMatchObject({ state: 'rejected', reason: '截图看不清账号 ID' });
    const twice = await t.signedInject(contract.creator.reviewVideoAccount, {
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
    const approved = await t.signedInject(contract.creator.reviewVideoAccount, {
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
    const res = await t.signedInject(contract.creator.reviewVideoAccount, {
      applicationId: 2_000_000_000,
      decision: 'approve',
    });
    expect(res.body).toEqual({ code: NOT_FOUND, msg: '视频号申请不存在', data: null });
  });
});

describe('the review calls are internal', () => {
  it('refuses a remote caller outside local with 403, and production with 404', async () => {
    const t1 = await createTestApp({ APP_ENV: 't1' });
    const pro = await createTestApp({ APP_ENV: 'pro' });
    try {
      const remote = await t1.signedInject(
        contract.creator.videoAccountApplications,
        {},
        { remoteAddress: '203.0.113.9' },
      );
      expect(remote.status).toBe(403);
      expect(remote.body.code).toBe(FORBIDDEN);
      const prod = await pro.signedInject(contract.creator.reviewVideoAccount, {
        applicationId: 1,
        decision: 'approve',
      });
      expect(prod.status).toBe(404);
    } finally {
      await t1.close();
      await pro.close();
    }
  });
});

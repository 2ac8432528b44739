import { contract } from '@h5/contract';
import { ACTIVITY_GUIDE_NOT_FOUND, BAD_REQUEST, SUCCESS } from '@h5/core';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, activityGuideSteps, activityGuides } from '../../db/schema';
import { GUIDE_DRAFTS, insertInviteTaskSeed } from '../../db/seed/invite-tasks-seed';
import { createTestApp, type TestApp } from '../../test-utils';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const guide = (activityId: string) => t.signedInject(contract.invite.activityGuide, { activityId });

describe('activity-guide', () => {
  it('answers a seeded guide with its steps in order, each with a picture, as the rows hold them', async () => {
    const answer = await guide('520');
    expect(answer.body.code).toBe(SUCCESS);
    const data = answer.body.data;
    expect(data).toMatchObject({
      activityId: '520',
      activityTitle: '520 AI 心动照',
      title: '520 AI 心动照玩法指南',
    });
    const rows = await t.db
      .select()
      .from(activityGuideSteps)
      .where(eq(activityGuideSteps.activityCode, '520'))
      .orderBy(asc(activityGuideSteps.stepNo));
    expect(data.steps.map((s) => [s.stepNo, s.title, s.text])).toEqual(
      rows.map((r) => [r.stepNo, r.title, r.text]),
    );
    expect(data.steps.map((s) => s.stepNo)).toEqual([1, 2, 3, 4]);
    expect(data.steps[0]?.image).toEqual({
      url: '/cdn/seed/guide-520-1.svg?w=750&h=420',
      width: 750,
      height: 420,
    });
    // The picture is served.
    const picture = await t.app.inject({ method: 'GET', url: data.steps[0]?.image?.url ?? '' });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toContain('image/svg+xml');
    // Every seeded activity has its guide.
    for (const { code } of GUIDE_DRAFTS) expect((await guide(code)).body.code, code).toBe(SUCCESS);
  });

  it('refuses an unknown activity with 4920 and a malformed id with a 400 naming it', async () => {
    expect((await guide('no-such-activity')).body).toEqual({
      code: ACTIVITY_GUIDE_NOT_FOUND,
      msg: '活动 no-such-activity 的玩法指南不存在',
      data: null,
    });
    const bad = await guide('a b');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(BAD_REQUEST);
    expect(bad.body.msg).toMatch(/^activityId: /);
  });

  it('is data: an edited step, a new guide for a new activity; the seed never overwrites an edit', async () => {
    const firstStep = and(eq(activityGuideSteps.activityCode, '520'), eq(activityGuideSteps.stepNo, 1));
    const [before] = await t.db.select().from(activityGuideSteps).where(firstStep);
    try {
      await t.db
        .update(activityGuideSteps)
        .set({ text: '上传一张正脸照片', imageUrl: null, imageWidth: null, imageHeight: null })
        .where(firstStep);
      await insertInviteTaskSeed(t.db);
      const step = (await guide('520')).body.data.steps[0];
      expect(step).toMatchObject({ text: '上传一张正脸照片', image: null });
    } finally {
      // The database outlives the run (PostgreSQL): put the seeded step back.
      if (before) await t.db.update(activityGuideSteps).set(before).where(firstStep);
    }

    const code = `guide-test-${Date.now()}`;
    await t.db.insert(activities).values({
      code,
      title: '测试活动',
      startsAt: new Date('2025-01-01T00:00:00+08:00'),
      endsAt: new Date('2030-01-01T00:00:00+08:00'),
    });
    expect((await guide(code)).body.code).toBe(ACTIVITY_GUIDE_NOT_FOUND);
    await t.db.insert(activityGuides).values({ activityCode: code, title: '测试指南', intro: '一步完成' });
    await t.db
      .insert(activityGuideSteps)
      .values({ activityCode: code, stepNo: 1, title: '打开页面', text: '就这样' });
    expect((await guide(code)).body.data).toMatchObject({
      title: '测试指南',
      startsAt: '2024-12-31T16:00:00.000Z',
      steps: [{ stepNo: 1, title: '打开页面', text: '就这样', image: null }],
    });
  });
});

import { randomUUID } from 'node:crypto';
import { contract } from '@h5/contract';
import { HACKING_CONTENT_NOT_OWNED } from '@h5/core';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, hackingTasks } from '../../db/schema';
import {
  analyticsEvent,
  createTestApp,
  loginOperator,
  signedInUser,
  storedObjectOf,
  type TestApp,
} from '../../test-utils';
import { commitHackingTask } from '../activity/hacking-task';
import { starterTaskProgress } from '../invite/starter-tasks';

// Issue 32 point 1: a published content counts "like seeded contents do" — in the upgrade
// programme's publish records, the creator data centre, the invitee's 发布第一篇内容 and a hacking
// task — once approved, and not while it waits for review.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CONTENT_REVIEW: 'manual' });
});
afterAll(() => t.close());

const TITLE = '复古红配色上脚分享';

/** A new author's pending picture post (two of their own pictures). */
async function pendingPost() {
  const user = await signedInUser(t.app, t.db, 'counted-author');
  const images = [
    { key: await storedObjectOf(t.db, user.userId) },
    { key: await storedObjectOf(t.db, user.userId) },
  ];
  const res = await t.signedInject(
    contract.content.publish,
    { requestId: randomUUID(), contentType: 0, title: TITLE, body: '周末试穿', images, category: 10 },
    { cookies: user.cookies },
  );
  expect(res.body.data).toMatchObject({ reviewState: 'pending' });
  return { ...user, contentId: (res.body.data as { contentId: number }).contentId };
}

/** What each counter says of the author and their content. */
async function counters(author: { userId: number; cookies: Record<string, string> }, contentId: number) {
  const records = await t.signedInject(
    contract.creator.publishRecord,
    { limit: 10 },
    { cookies: author.cookies },
  );
  const view = await t.signedInject(contract.creator.upgradeView, {}, { cookies: author.cookies });
  const centre = await t.signedInject(
    contract.creator.dataCenterContentList,
    { period: 7, sort: 'newest', limit: 10 },
    { cookies: author.cookies },
  );
  const summary = await t.signedInject(
    contract.creator.dataCenterSummery,
    { period: 7 },
    { cookies: author.cookies },
  );
  const figure = (name: 'views' | 'lights' | 'comments') => summary.body.data[name].value as number;
  const starter = (await starterTaskProgress(t.db, [author.userId])).get(author.userId);
  return {
    records: records.body.data.list.filter((r: { contentId: number }) => r.contentId === contentId),
    publications: view.body.data.progress.publications as number,
    centre: centre.body.data.list.filter((c: { contentId: number }) => c.contentId === contentId),
    overview: { views: figure('views'), lights: figure('lights'), comments: figure('comments') },
    publishTask: starter?.find((task) => task.key === 'publish'),
  };
}

/** A moment inside the new-year AR activity's window (whatever another file set it to) and its first task. */
async function hackingMoment() {
  const [window] = await t.db.select().from(activities).where(eq(activities.code, 'new-year-ar'));
  const [task] = await t.db
    .select({ id: hackingTasks.id })
    .from(hackingTasks)
    .where(eq(hackingTasks.activityCode, 'new-year-ar'))
    .orderBy(asc(hackingTasks.id))
    .limit(1);
  if (!window?.startsAt || !task) throw new Error('the seed has no new-year-ar window or task');
  return { taskId: task.id, now: new Date(window.startsAt.getTime() + 60_000) };
}

describe('a published content counts once approved', () => {
  it('counts for nothing while pending; once approved: publish record, data centre (list and overview), 发布第一篇内容, a hacking task', async () => {
    const author = await pendingPost();
    const { contentId } = author;
    const before = await counters(author, contentId);
    expect(before).toEqual({
      records: [],
      publications: 0,
      centre: [],
      overview: { views: 0, lights: 0, comments: 0 },
      publishTask: { key: 'publish', title: '发布第一篇内容', target: 1, progress: 0, done: false },
    });
    const hacking = await hackingMoment();
    await expect(
      commitHackingTask(t.db, author.userId, { taskId: hacking.taskId, contentId }, hacking.now),
    ).rejects.toMatchObject({ code: HACKING_CONTENT_NOT_OWNED });

    const mod = await loginOperator(t, 'moderator');
    const approved = await mod.call(contract.content.contentReviewDecide, { contentId, decision: 'approve' });
    expect(approved.body.data).toMatchObject({ reviewState: 'approved' });
    const fan = await signedInUser(t.app, t.db, 'counted-fan');
    expect(
      (await t.signedInject(contract.community.addContentLight, { contentId }, { cookies: fan.cookies })).body
        .code,
    ).toBe(200);
    expect(
      (
        await t.signedInject(
          contract.community.replyAdd,
          { requestId: randomUUID(), contentId, content: '好看' },
          { cookies: fan.cookies },
        )
      ).body.code,
    ).toBe(200);
    // A view is the detail page's pageView (page 637) the analytics collector stores.
    const viewed = await t.signedInject(
      contract.analytics.collectEvents,
      {
        events: [
          analyticsEvent({
            event: 'pageView',
            payload: { pageId: 637, path: `/community/content/${contentId}` },
          }),
        ],
      },
      { cookies: fan.cookies },
    );
    expect(viewed.body.code).toBe(200);

    const after = await counters(author, contentId);
    expect(after.records).toMatchObject([
      { contentId, title: TITLE, counted: true, reason: null, lights: 1, replies: 1 },
    ]);
    expect(after.publications).toBe(1);
    expect(after.centre).toMatchObject([
      { contentId, title: TITLE, contentType: 0, views: 1, lights: 1, comments: 1 },
    ]);
    expect(after.overview).toEqual({ views: 1, lights: 1, comments: 1 });
    expect(after.publishTask).toMatchObject({ progress: 1, done: true });
    expect(
      await commitHackingTask(t.db, author.userId, { taskId: hacking.taskId, contentId }, hacking.now),
    ).toMatchObject({ taskId: hacking.taskId, contentId });
  });

  it('a rejected content never counts', async () => {
    const author = await pendingPost();
    const mod = await loginOperator(t, 'moderator');
    await mod.call(contract.content.contentReviewDecide, {
      contentId: author.contentId,
      decision: 'reject',
      reason: '图片与标题无关',
    });
    const after = await counters(author, author.contentId);
    expect(after).toMatchObject({
      records: [],
      publications: 0,
      centre: [],
      overview: { views: 0, lights: 0, comments: 0 },
      publishTask: { progress: 0 },
    });
  });
});

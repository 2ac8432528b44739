import { randomUUID } from 'node:crypto';
import { contract } from '@h5/contract';
import {
  BAD_REQUEST,
  FEEDBACK_ALREADY_REPORTED,
  FEEDBACK_DETAIL_REQUIRED,
  FEEDBACK_IMAGE_NOT_OWNED,
  FEEDBACK_REASON_INVALID,
  FEEDBACK_REQUEST_ID_REUSED,
  FEEDBACK_TARGET_NOT_FOUND,
  NOT_FOUND,
  SUCCESS,
  TOURIST,
} from '@h5/core';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accusations, contents, replies, users } from '../../db/schema';
import { createTestApp, signedInUser, storedObjectOf, type TestApp } from '../../test-utils';
import { FEEDBACK_MESSAGES } from './messages';

let t: TestApp;
let content: { id: number; title: string; coverUrl: string | null };
beforeAll(async () => {
  t = await createTestApp();
  const [row] = await t.db
    .select({ id: contents.id, title: contents.title, coverUrl: contents.coverUrl })
    .from(contents)
    .orderBy(asc(contents.id))
    .limit(1);
  content = row as typeof content;
});
afterAll(() => t.close());

const PLAIN_CONTENT_REASON = 1; // '色情低俗': no description needed
const DETAIL_CONTENT_REASON = 3; // '虚假信息': description required
const COMMENT_REASON = 11;

const report = (
  overrides: Partial<Parameters<typeof t.signedInject<typeof contract.feedback.submitAccuse>>[1]> = {},
) => ({
  targetType: 'content' as const,
  targetId: String(content.id),
  reasonId: PLAIN_CONTENT_REASON,
  description: '',
  images: [],
  requestId: randomUUID(),
  ...overrides,
});

const rowsOf = (userId: number) => t.db.select().from(accusations).where(eq(accusations.userId, userId));

describe('accuse-info', () => {
  it('answers a content target with its title, cover, its reasons by sort, the limits, no earlier report', async () => {
    const { cookies } = await signedInUser(t.app, t.db);
    const res = await t.signedInject(
      contract.feedback.accuseInfo,
      { targetType: 'content', targetId: String(content.id) },
      { cookies },
    );
    expect(res.body.code).toBe(SUCCESS);
    const info = res.body.data;
    expect(info.target).toEqual({
      type: 'content',
      id: String(content.id),
      title: content.title,
      cover: content.coverUrl,
    });
    expect(info.reasons.map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(info.reasons.find((r) => r.id === DETAIL_CONTENT_REASON)?.needDetail).toBe(true);
    expect(info).toMatchObject({ maxImages: 4, maxText: 500, submitted: null });
  });

  it('answers a comment with its text and a user with the name, each with their own reasons', async () => {
    const { cookies } = await signedInUser(t.app, t.db);
    const [reply] = await t.db.select({ id: replies.id, content: replies.content }).from(replies).limit(1);
    const comment = await t.signedInject(
      contract.feedback.accuseInfo,
      { targetType: 'comment', targetId: String(reply?.id) },
      { cookies },
    );
    expect(comment.body.data.target.title).toBe(reply?.content.slice(0, 120));
    expect(comment.body.data.reasons.map((r) => r.id)).toEqual([11, 12, 13, 14]);
    const [author] = await t.db.select({ id: users.id, name: users.userName }).from(users).limit(1);
    const user = await t.signedInject(
      contract.feedback.accuseInfo,
      { targetType: 'user', targetId: String(author?.id) },
      { cookies },
    );
    expect(user.body.data.target.title).toBe(author?.name);
    expect(user.body.data.reasons.map((r) => r.id)).toEqual([21, 22, 23, 24]);
  });

  it('refuses an unknown target with a business error', async () => {
    const { cookies } = await signedInUser(t.app, t.db);
    for (const targetId of ['999999999', '99999999999999']) {
      const res = await t.signedInject(
        contract.feedback.accuseInfo,
        { targetType: 'content', targetId },
        { cookies },
      );
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        code: FEEDBACK_TARGET_NOT_FOUND,
        msg: FEEDBACK_MESSAGES.targetNotFound,
      });
    }
  });

  it('refuses a visitor with 7999', async () => {
    const res = await t.signedInject(contract.feedback.accuseInfo, { targetType: 'content', targetId: '1' });
    expect(res.body.code).toBe(TOURIST);
    const submit = await t.signedInject(contract.feedback.submitAccuse, report());
    expect(submit.body.code).toBe(TOURIST);
  });
});

describe('submit-accuse', () => {
  it('stores one report with the evidence keys, and accuse-info then shows it', async () => {
    const { userId, cookies } = await signedInUser(t.app, t.db);
    const keys = [await storedObjectOf(t.db, userId), await storedObjectOf(t.db, userId)];
    const res = await t.signedInject(
      contract.feedback.submitAccuse,
      report({ description: '  盗用了我的图  ', images: keys.map((key) => ({ key })) }),
      { cookies },
    );
    expect(res.body.code).toBe(SUCCESS);
    const rows = await rowsOf(userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: res.body.data.accuseId,
      targetType: 'content',
      targetId: String(content.id),
      reasonId: PLAIN_CONTENT_REASON,
      description: '盗用了我的图',
      images: keys,
      status: 'pending',
    });
    const info = await t.signedInject(
      contract.feedback.accuseInfo,
      { targetType: 'content', targetId: String(content.id) },
      { cookies },
    );
    expect(info.body.data.submitted).toEqual(res.body.data);
  });

  it("answers the caller's own report with its evidence, and not another user's", async () => {
    const { userId, cookies } = await signedInUser(t.app, t.db);
    const key = await storedObjectOf(t.db, userId);
    const sent = await t.signedInject(
      contract.feedback.submitAccuse,
      report({ description: '假货', images: [{ key }] }),
      { cookies },
    );
    const { accuseId } = sent.body.data;
    const mine = await t.signedInject(contract.feedback.myAccusation, { accuseId }, { cookies });
    expect(mine.body).toMatchObject({
      code: SUCCESS,
      data: {
        accuseId,
        targetType: 'content',
        targetId: String(content.id),
        reasonId: PLAIN_CONTENT_REASON,
        description: '假货',
        images: [{ key, url: `/cdn/${key}` }],
        status: 'pending',
        createdAt: sent.body.data.createdAt,
      },
    });
    const stranger = await signedInUser(t.app, t.db, 'stranger');
    const theirs = await t.signedInject(
      contract.feedback.myAccusation,
      { accuseId },
      { cookies: stranger.cookies },
    );
    expect(theirs.body).toMatchObject({
      code: NOT_FOUND,
      msg: FEEDBACK_MESSAGES.accusationNotFound,
    });
  });

  it('answers a retry of the same requestId with the same accuseId, one row', async () => {
    const { userId, cookies } = await signedInUser(t.app, t.db);
    const input = report();
    const first = await t.signedInject(contract.feedback.submitAccuse, input, { cookies });
    const again = await t.signedInject(contract.feedback.submitAccuse, input, { cookies });
    expect(first.body.code).toBe(SUCCESS);
    expect(again.body).toMatchObject({ code: SUCCESS, data: first.body.data });
    expect(await rowsOf(userId)).toHaveLength(1);
  });

  it('refuses a second, different report of the same target', async () => {
    const { userId, cookies } = await signedInUser(t.app, t.db);
    await t.signedInject(contract.feedback.submitAccuse, report(), { cookies });
    const second = await t.signedInject(contract.feedback.submitAccuse, report({ reasonId: 2 }), { cookies });
    expect(second.body).toMatchObject({
      code: FEEDBACK_ALREADY_REPORTED,
      msg: FEEDBACK_MESSAGES.alreadyReported,
    });
    expect(await rowsOf(userId)).toHaveLength(1);
  });

  it('refuses a requestId reused for another target', async () => {
    const { cookies } = await signedInUser(t.app, t.db);
    const input = report();
    await t.signedInject(contract.feedback.submitAccuse, input, { cookies });
    const [other] = await t.db
      .select({ id: contents.id })
      .from(contents)
      .where(and(eq(contents.id, content.id + 1)));
    const res = await t.signedInject(
      contract.feedback.submitAccuse,
      { ...input, targetId: String(other?.id) },
      { cookies },
    );
    expect(res.body.code).toBe(FEEDBACK_REQUEST_ID_REUSED);
  });

  it('creates one row for two concurrent submits, same request or not', async () => {
    const { userId, cookies } = await signedInUser(t.app, t.db);
    const input = report();
    const same = await Promise.all([
      t.signedInject(contract.feedback.submitAccuse, input, { cookies }),
      t.signedInject(contract.feedback.submitAccuse, input, { cookies }),
    ]);
    expect(same.map((r) => r.body.code)).toEqual([SUCCESS, SUCCESS]);
    expect(same[0]?.body.data.accuseId).toBe(same[1]?.body.data.accuseId);
    expect(await rowsOf(userId)).toHaveLength(1);

    const other = await signedInUser(t.app, t.db);
    const different = await Promise.all([
      t.signedInject(contract.feedback.submitAccuse, report(), { cookies: other.cookies }),
      t.signedInject(contract.feedback.submitAccuse, report({ reasonId: 2 }), { cookies: other.cookies }),
    ]);
    expect(different.map((r) => r.body.code).sort()).toEqual([SUCCESS, FEEDBACK_ALREADY_REPORTED].sort());
    expect(await rowsOf(other.userId)).toHaveLength(1);
  });

  it('refuses a reason of another target type, and an unknown one', async () => {
    const { userId, cookies } = await signedInUser(t.app, t.db);
    for (const reasonId of [COMMENT_REASON, 999_999]) {
      const res = await t.signedInject(contract.feedback.submitAccuse, report({ reasonId }), { cookies });
      expect(res.body).toMatchObject({ code: FEEDBACK_REASON_INVALID, msg: FEEDBACK_MESSAGES.reasonInvalid });
    }
    expect(await rowsOf(userId)).toHaveLength(0);
  });

  it('requires a description for a needDetail reason, naming the reason', async () => {
    const { userId, cookies } = await signedInUser(t.app, t.db);
    const res = await t.signedInject(
      contract.feedback.submitAccuse,
      report({ reasonId: DETAIL_CONTENT_REASON, description: '   ' }),
      { cookies },
    );
    expect(res.body).toMatchObject({
      code: FEEDBACK_DETAIL_REQUIRED,
      msg: FEEDBACK_MESSAGES.detailRequired('虚假信息'),
    });
    expect(await rowsOf(userId)).toHaveLength(0);
    const ok = await t.signedInject(
      contract.feedback.submitAccuse,
      report({ reasonId: DETAIL_CONTENT_REASON, description: '价格信息是假的' }),
      { cookies },
    );
    expect(ok.body.code).toBe(SUCCESS);
  });

  it("refuses another user's image, an app-level object and a missing key, naming the key", async () => {
    const { userId, cookies } = await signedInUser(t.app, t.db);
    const stranger = await signedInUser(t.app, t.db, 'stranger');
    const mine = await storedObjectOf(t.db, userId);
    const notMine = [
      await storedObjectOf(t.db, stranger.userId),
      await storedObjectOf(t.db, null),
      'community-h5/feedback/nothing-here.png',
      await storedObjectOf(t.db, userId, 'text/plain'),
      // An SVG is a document, not a picture (issue 11 point 7): only raster types are evidence.
      await storedObjectOf(t.db, userId, 'image/svg+xml'),
    ];
    for (const key of notMine) {
      const res = await t.signedInject(
        contract.feedback.submitAccuse,
        report({ images: [{ key: mine }, { key }] }),
        { cookies },
      );
      expect(res.body).toMatchObject({
        code: FEEDBACK_IMAGE_NOT_OWNED,
        msg: FEEDBACK_MESSAGES.imageNotOwned(key),
      });
    }
    expect(await rowsOf(userId)).toHaveLength(0);
  });

  it('refuses an unknown target, too many images and a bad requestId', async () => {
    const { cookies } = await signedInUser(t.app, t.db);
    const missing = await t.signedInject(contract.feedback.submitAccuse, report({ targetId: '999999999' }), {
      cookies,
    });
    expect(missing.body.code).toBe(FEEDBACK_TARGET_NOT_FOUND);
    const images = Array.from({ length: 5 }, (_, i) => ({ key: `k${i}` }));
    const many = await t.signedInject(contract.feedback.submitAccuse, report({ images }), { cookies });
    expect(many.status).toBe(400);
    expect(many.body.code).toBe(BAD_REQUEST);
    expect(many.body.msg).toMatch(/^images:/);
    const badId = await t.signedInject(contract.feedback.submitAccuse, report({ requestId: 'x' }), {
      cookies,
    });
    expect(badId.body.msg).toMatch(/^requestId:/);
  });
});

import { randomUUID } from 'node:crypto';
import { contract } from '@h5/contract';
import { BAD_REQUEST, NOT_FOUND, OPERATOR_ROLE_FORBIDDEN, SUCCESS } from '@h5/core';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, contentProducts, contents, products } from '../../db/schema';
import { createTestApp, loginOperator, signedInUser, storedObjectOf, type TestApp } from '../../test-utils';

let t: TestApp;
let spuId: number;
beforeAll(async () => {
  t = await createTestApp({ CONTENT_REVIEW: 'manual' });
  const [product] = await t.db
    .select({ spuId: products.spuId })
    .from(products)
    .orderBy(asc(products.spuId))
    .limit(1);
  spuId = (product as { spuId: number }).spuId;
});
afterAll(() => t.close());

/** A new author with two pictures of their own, and a post of them with one product. */
async function author(app = t) {
  const user = await signedInUser(app.app, app.db, 'publisher');
  const keys = [await storedObjectOf(app.db, user.userId), await storedObjectOf(app.db, user.userId)];
  const post = {
    requestId: randomUUID(),
    contentType: 0 as 0 | 1 | 2,
    title: 'AJ1 复古红 上脚',
    body: '周末去试了这双',
    images: keys.map((key) => ({ key })),
    coverIndex: 1,
    category: 10,
    topic: '七夕',
    spuIds: [spuId],
  };
  const publish = (input: Partial<typeof post> = {}) =>
    app.signedInject(contract.content.publish, { ...post, ...input }, { cookies: user.cookies });
  return { ...user, keys, post, publish };
}

const homeOf = (userId: number, cookies?: Record<string, string>) =>
  t.signedInject(contract.community.uhomepageContents, { userId }, cookies ? { cookies } : {});

describe('content.publish', () => {
  it('stores a pending picture post once however often it is sent, with its cover, topic and product', async () => {
    const a = await author();
    const [first, again] = await Promise.all([a.publish(), a.publish()]);
    expect(first.body).toMatchObject({ code: SUCCESS, data: { reviewState: 'pending' } });
    expect(again.body.data).toEqual(first.body.data);
    const rows = await t.db.select().from(contents).where(eq(contents.authorId, a.userId));
    expect(rows).toHaveLength(1);
    const row = rows[0] as typeof contents.$inferSelect;
    expect(row).toMatchObject({
      title: 'AJ1 复古红 上脚',
      topic: '七夕',
      category: 10,
      reviewState: 'pending',
    });
    expect(row.images.map((image) => image.url)).toEqual(a.keys.map((key) => `/cdn/${key}`));
    expect(row.coverUrl).toBe(`/cdn/${a.keys[1]}`);
    expect(await t.db.select().from(contentProducts).where(eq(contentProducts.contentId, row.id))).toEqual([
      { contentId: row.id, spuId },
    ]);
    // The same requestId with anything the author wrote or chose changed is another content.
    for (const changed of [
      { title: '另一条' },
      { topic: '复古' },
      { category: 11 },
      { images: [{ key: a.keys[0] as string }], coverIndex: 0 },
    ]) {
      const reused = await a.publish(changed);
      expect(reused.body).toMatchObject({
        code: 4211,
        msg: '这个 requestId 已用于另一条内容，请刷新后重新发布',
      });
    }
    expect(await t.db.select().from(contents).where(eq(contents.authorId, a.userId))).toHaveLength(1);
  });

  it('refuses what is not the caller’s or not valid, naming it', async () => {
    const a = await author();
    const other = await signedInUser(t.app, t.db, 'someone-else');
    const foreign = await storedObjectOf(t.db, other.userId);
    expect(
      (await a.publish({ images: [{ key: a.keys[0] as string }, { key: foreign }] })).body,
    ).toMatchObject({
      code: 4212,
      msg: '第 2 张图片不是你上传的图片，请重新上传',
    });
    expect((await a.publish({ spuIds: [999] })).body).toMatchObject({ code: 4214, msg: '商品 999 不存在' });
    expect((await a.publish({ category: 99 })).body).toMatchObject({ code: BAD_REQUEST });
    const none = await a.publish({ images: [] });
    expect(none.body.code).toBe(BAD_REQUEST);
    expect(none.body.msg).toContain('images: 图文内容至少需要 1 张图片');
    const noReason = await (await loginOperator(t, 'moderator')).call(contract.content.contentReviewDecide, {
      contentId: 1,
      decision: 'reject',
    });
    expect(noReason.body.msg).toContain('reason: 驳回需要填写理由');
    expect(await t.db.select().from(contents).where(eq(contents.authorId, a.userId))).toEqual([]);
  });

  it('keeps a pending post out of every reader’s sight but its author’s, until a moderator approves it', async () => {
    const a = await author();
    const { contentId } = (await a.publish()).body.data as { contentId: number };
    const reader = await signedInUser(t.app, t.db, 'reader');
    expect((await homeOf(a.userId, reader.cookies)).body.data.list).toEqual([]);
    const own = (await homeOf(a.userId, a.cookies)).body.data.list;
    expect(own).toMatchObject([{ contentId, review: { state: 'pending', reason: null } }]);
    const detail = (cookies: Record<string, string>) =>
      t.signedInject(
        contract.content.contentDetail,
        { contentId },
        { cookies, headers: { version: '4.83.0' } },
      );
    expect((await detail(reader.cookies)).body.code).toBe(NOT_FOUND);
    expect((await detail(a.cookies)).body.code).toBe(SUCCESS);

    const liveOps = await loginOperator(t, 'live_ops');
    expect((await liveOps.call(contract.content.contentReviews, {})).body.code).toBe(OPERATOR_ROLE_FORBIDDEN);
    const mod = await loginOperator(t, 'moderator');
    const queue = (await mod.call(contract.content.contentReviews, { limit: 40 })).body.data.list;
    expect(queue.map((row: { contentId: number }) => row.contentId)).toContain(contentId);
    const approved = await mod.call(contract.content.contentReviewDecide, { contentId, decision: 'approve' });
    expect(approved.body).toMatchObject({ code: SUCCESS, data: { contentId, reviewState: 'approved' } });
    const twice = await mod.call(contract.content.contentReviewDecide, {
      contentId,
      decision: 'reject',
      reason: '晚了',
    });
    expect(twice.body).toMatchObject({ code: 5104, msg: '该内容已审核：已通过' });

    expect((await homeOf(a.userId, reader.cookies)).body.data.list).toMatchObject([{ contentId }]);
    expect((await homeOf(a.userId, a.cookies)).body.data.list[0]?.review).toBeUndefined();
    expect((await detail(reader.cookies)).body.code).toBe(SUCCESS);
    const newest = await t.signedInject(contract.content.tagContents, { tagId: 10, limit: 5 });
    expect(newest.body.data.list[0]?.contentId).toBe(contentId);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'content.approve'), eq(auditLog.objectId, String(contentId))));
    expect(audit).toMatchObject({ objectType: 'content', operatorName: mod.operator.name });
    // The author is told once (the refused second decision adds nothing).
    const notices = await t.signedInject(contract.message.list, { kind: 'system' }, { cookies: a.cookies });
    expect(notices.body.data.list.map((item: { text: string | null }) => item.text)).toEqual([
      '你发布的《AJ1 复古红 上脚》已通过审核，大家都能看到了',
    ]);
  });

  it('shows a rejected post’s reason to its author only', async () => {
    const a = await author();
    const { contentId } = (await a.publish()).body.data as { contentId: number };
    const mod = await loginOperator(t, 'moderator');
    const rejected = await mod.call(contract.content.contentReviewDecide, {
      contentId,
      decision: 'reject',
      reason: '图片与标题无关',
    });
    expect(rejected.body.data).toMatchObject({ reviewState: 'rejected', reviewReason: '图片与标题无关' });
    expect((await homeOf(a.userId, a.cookies)).body.data.list).toMatchObject([
      { contentId, review: { state: 'rejected', reason: '图片与标题无关' } },
    ]);
    expect((await homeOf(a.userId)).body.data.list).toEqual([]);
  });

  it('approves at once when CONTENT_REVIEW is auto', async () => {
    const auto = await createTestApp({ CONTENT_REVIEW: 'auto' });
    try {
      const a = await author(auto);
      const res = await a.publish({ contentType: 2, images: [], coverIndex: undefined, body: '只有文字' });
      expect(res.body).toMatchObject({ code: SUCCESS, data: { reviewState: 'approved' } });
    } finally {
      await auto.close();
    }
  });
});

import { contract, type FeedCard } from '@h5/contract';
import { BAD_REQUEST, CONTENT_CATEGORY_NAMES, CONTENT_TYPE, NOT_FOUND, SUCCESS } from '@h5/core';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { contentProducts, contents, follows, products } from '../../db/schema';
import { createTestApp, signedInUser, type TestApp } from '../../test-utils';
import { CONTENT_MESSAGES } from './messages';
import { FOLLOW_BOOST } from './queries';
import { visibleContent } from './visible';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A visitor's read a second later, past the one-second visitor cache (issue 19 point 2). */
async function aSecondLater<T>(read: () => Promise<T>): Promise<T> {
  const later = Date.now() + 1001;
  const clock = vi.spyOn(Date, 'now').mockReturnValue(later);
  try {
    return await read();
  } finally {
    clock.mockRestore();
  }
}

/** Walks a paged call to its end (or `maxPages`), returning every card. */
async function walk<C extends { contentId: number }>(
  call: (lastId?: string) => Promise<{ list: C[]; lastId: string | null; hasMore: boolean }>,
  maxPages = 100,
): Promise<C[]> {
  const cards: C[] = [];
  let lastId: string | undefined;
  for (let page = 0; page < maxPages; page++) {
    const data = await call(lastId);
    cards.push(...data.list);
    if (!data.hasMore) break;
    lastId = data.lastId as string;
  }
  return cards;
}

describe('more-recommend ranking', () => {
  it('raises the authors the reader follows by the follow boost, across pages', async () => {
    const pages = (cookies?: Record<string, string>) =>
      walk(
        async (lastId) =>
          (await t.signedInject(contract.content.moreRecommend, { limit: 29, lastId }, { cookies })).body
            .data,
        5,
      );
    const visitor = await pages();
    // Three authors a visitor first meets only below the 60th card.
    const firstAt = new Map<number, number>();
    visitor.forEach((card, i) => {
      if (!firstAt.has(card.author.userId)) firstAt.set(card.author.userId, i);
    });
    const followees = [...firstAt]
      .filter(([, i]) => i >= 60)
      .map(([userId]) => userId)
      .slice(0, 3);
    expect(followees).toHaveLength(3);
    const reader = await signedInUser(t.app, t.db, 'ranked-reader');
    await t.db
      .insert(follows)
      .values(followees.map((followeeId) => ({ followerId: reader.userId, followeeId })));

    const seen = await pages(reader.cookies);
    const ids = seen.map((c) => c.contentId);
    expect(new Set(ids).size).toBe(ids.length);
    const boosted = sql`${contents.hotScore} + case when ${inArray(contents.authorId, followees)} then ${FOLLOW_BOOST} else 0 end`;
    const expected = await t.db
      .select({ id: contents.id })
      .from(contents)
      .where(visibleContent)
      .orderBy(desc(boosted), desc(contents.id))
      .limit(ids.length);
    expect(ids).toEqual(expected.map((row) => row.id));
    // The boost changed the order: some followed author's content comes earlier for the reader
    // (or only the reader reaches it in five pages). Not necessarily the first one met: where the
    // seed's contents lie more than the boost apart, that one keeps its place.
    const moved = seen.filter((card, i) => {
      if (!followees.includes(card.author.userId)) return false;
      const atVisitor = visitor.findIndex((c) => c.contentId === card.contentId);
      return atVisitor === -1 || i < atVisitor;
    });
    expect(moved.length).toBeGreaterThan(0);
  });

  it('moves a content up when it is lit', async () => {
    const before = await t.signedInject(contract.content.moreRecommend, { limit: 40 });
    const target = before.body.data.list[30] as FeedCard;
    // Ten times the lights is one unit of hot score: 100 times moves it two units up.
    await t.db
      .update(contents)
      .set({ lightCount: Math.max(target.lightCount, 1) * 100 })
      .where(eq(contents.id, target.contentId));
    const after = await aSecondLater(() => t.signedInject(contract.content.moreRecommend, { limit: 40 }));
    const position = after.body.data.list.findIndex((c) => c.contentId === target.contentId);
    expect(position).toBeGreaterThanOrEqual(0);
    expect(position).toBeLessThan(30);
    await t.db
      .update(contents)
      .set({ lightCount: target.lightCount })
      .where(eq(contents.id, target.contentId));
  });
});

describe('hot videos', () => {
  it('lists only videos, ranked, without duplicates', async () => {
    const cards = await walk(
      async (lastId) =>
        (await t.signedInject(contract.content.hotVideoList, { limit: 40, lastId })).body.data,
    );
    const [videos] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(contents)
      // Visible ones: another file's published video may wait for review on the shared database.
      .where(and(eq(contents.contentType, CONTENT_TYPE.Video), visibleContent));
    expect(cards).toHaveLength(videos?.n ?? -1);
    expect(cards.every((c) => c.contentType === CONTENT_TYPE.Video && (c.videoDuration ?? 0) > 0)).toBe(true);
    expect(new Set(cards.map((c) => c.contentId)).size).toBe(cards.length);
  });

  it('ranks by this week’s lights, and a new light moves a video up', async () => {
    const first = await t.signedInject(contract.content.hotVideoRank, { limit: 50 });
    expect(first.body.code).toBe(SUCCESS);
    const list = first.body.data.list;
    expect(list.map((item) => item.rank)).toEqual(list.map((_, i) => i + 1));
    for (let i = 1; i < list.length; i++) {
      const [a, b] = [list[i - 1], list[i]] as [(typeof list)[0], (typeof list)[0]];
      expect(
        a.weekLightCount > b.weekLightCount ||
          (a.weekLightCount === b.weekLightCount && a.lightCount >= b.lightCount),
      ).toBe(true);
    }
    // Three readers light the last video on the rank: it climbs above every one with fewer this week.
    const last = list.at(-1) as (typeof list)[0];
    for (let i = 0; i < 3; i++) {
      const reader = await signedInUser(t.app, t.db, `rank-reader-${i}`);
      const lit = await t.signedInject(
        contract.community.addContentLight,
        { contentId: last.contentId },
        { cookies: reader.cookies },
      );
      expect(lit.body.code).toBe(SUCCESS);
    }
    const again = (await aSecondLater(() => t.signedInject(contract.content.hotVideoRank, { limit: 50 })))
      .body.data.list;
    const moved = again.find((item) => item.contentId === last.contentId);
    expect(moved?.weekLightCount).toBe(last.weekLightCount + 3);
    expect(moved?.rank).toBeLessThan(last.rank);
  });
});

describe('new-commodity contents', () => {
  it('lists contents linking a new product, each with that product, newest first', async () => {
    const cards = await walk(
      async (lastId) =>
        (await t.signedInject(contract.content.newCommodityContents, { limit: 25, lastId })).body.data,
    );
    const expected = await t.db
      .selectDistinct({ id: contents.id, createdAt: contents.createdAt })
      .from(contents)
      .innerJoin(contentProducts, eq(contentProducts.contentId, contents.id))
      .innerJoin(products, eq(products.spuId, contentProducts.spuId))
      .where(eq(products.isNewProduct, true))
      .orderBy(desc(contents.createdAt), desc(contents.id));
    expect(expected.length).toBeGreaterThan(10);
    expect(cards.map((c) => c.contentId)).toEqual(expected.map((row) => row.id));
    expect(cards.every((c) => c.product.isNewProduct === 1)).toBe(true);
    // The product is one the article really shows as a card.
    const sample = cards[0] as (typeof cards)[0];
    const detail = await t.signedInject(contract.content.contentDetail, { contentId: sample.contentId });
    expect(detail.body.data.products.map((p) => p.spuId)).toContain(sample.product.spuId);
  });

  it('narrows to one product with spuId', async () => {
    const [link] = await t.db
      .select({ spuId: contentProducts.spuId })
      .from(contentProducts)
      .innerJoin(products, eq(products.spuId, contentProducts.spuId))
      .where(eq(products.isNewProduct, true))
      .limit(1);
    const spuId = link?.spuId as number;
    const res = await t.signedInject(contract.content.newCommodityContents, { spuId, limit: 40 });
    expect(res.body.data.list.length).toBeGreaterThan(0);
    expect(res.body.data.list.every((c) => c.product.spuId === spuId)).toBe(true);
    const none = await t.signedInject(contract.content.newCommodityContents, { spuId: 1, limit: 40 });
    expect(none.body.data).toEqual({ list: [], lastId: null, hasMore: false });
  });

  it('with spuId lists the contents of any product an article links, a product that is not new too', async () => {
    // Issue 12: a product card's web fallback is its contents (`?spuId=`), whatever product it is.
    const [link] = await t.db
      .select({ spuId: contentProducts.spuId, contentId: contentProducts.contentId })
      .from(contentProducts)
      .innerJoin(products, eq(products.spuId, contentProducts.spuId))
      .where(eq(products.isNewProduct, false))
      .orderBy(contentProducts.contentId)
      .limit(1);
    const spuId = link?.spuId as number;
    const res = await t.signedInject(contract.content.newCommodityContents, { spuId, limit: 40 });
    expect(res.body.data.list.map((c) => c.contentId)).toContain(link?.contentId);
    expect(res.body.data.list.every((c) => c.product.spuId === spuId && c.product.isNewProduct === 0)).toBe(
      true,
    );
  });
});

describe('evaluation top detail', () => {
  it('totals a topic and lists its three most-lit contents', async () => {
    const tagId = 7;
    const res = await t.signedInject(contract.content.evaluationTopDetail, { tagId });
    const data = res.body.data;
    expect(data.tagName).toBe(CONTENT_CATEGORY_NAMES[tagId]);
    const [sums] = await t.db
      .select({
        n: sql<number>`count(*)::int`,
        authors: sql<number>`count(distinct ${contents.authorId})::int`,
        lights: sql<number>`sum(${contents.lightCount})::bigint`.mapWith(Number),
      })
      .from(contents)
      .where(eq(contents.category, tagId));
    expect(data).toMatchObject({
      contentCount: sums?.n,
      authorCount: sums?.authors,
      lightCount: sums?.lights,
    });
    const top = await t.db
      .select({ id: contents.id })
      .from(contents)
      .where(eq(contents.category, tagId))
      .orderBy(desc(contents.lightCount), desc(contents.id))
      .limit(3);
    expect(data.topList.map((c) => c.contentId)).toEqual(top.map((row) => row.id));
  });

  it('answers 404 for a tag that is no category', async () => {
    const res = await t.signedInject(contract.content.evaluationTopDetail, { tagId: 3 });
    expect(res.body).toMatchObject({ code: NOT_FOUND, msg: CONTENT_MESSAGES.tagNotFound });
  });
});

describe('meme lzinfo', () => {
  it('names the content’s author, with the reader’s follow and the lights they earned', async () => {
    const [content] = await t.db
      .select({ id: contents.id, authorId: contents.authorId })
      .from(contents)
      .where(eq(contents.id, 12));
    const reader = await signedInUser(t.app, t.db, 'lz-reader');
    const opts = { cookies: reader.cookies };
    const before = await t.signedInject(contract.content.memeLzinfo, { contentId: 12 }, opts);
    expect(before.body.data).toMatchObject({
      contentId: 12,
      userId: content?.authorId,
      isFollowing: false,
      isSelf: false,
    });
    const [earned] = await t.db
      .select({ n: sql<number>`sum(${contents.lightCount})::bigint`.mapWith(Number) })
      .from(contents)
      .where(eq(contents.authorId, content?.authorId as number));
    expect(before.body.data.receivedLightCount).toBe(earned?.n);

    await t.signedInject(contract.community.followAdd, { userId: content?.authorId as number }, opts);
    const after = await t.signedInject(contract.content.memeLzinfo, { contentId: 12 }, opts);
    expect(after.body.data).toMatchObject({
      isFollowing: true,
      followerCount: before.body.data.followerCount + 1,
    });
    await t.db
      .delete(follows)
      .where(and(eq(follows.followerId, reader.userId), eq(follows.followeeId, content?.authorId as number)));
  });

  it('answers 404 for a missing content and 400 for a malformed id', async () => {
    const missing = await t.signedInject(contract.content.memeLzinfo, { contentId: 99_999_999 });
    expect(missing.body).toMatchObject({ code: NOT_FOUND, msg: CONTENT_MESSAGES.notFound });
    const bad = await t.signedInject(contract.content.memeLzinfo, { contentId: 'x' as unknown as number });
    expect(bad.body.code).toBe(BAD_REQUEST);
  });
});

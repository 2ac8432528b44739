import { contract, type FeedCard, feedPageSchema } from '@h5/contract';
import { BAD_REQUEST, SUCCESS } from '@h5/core';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeCursor, decodeRankCursor, encodeCursor, encodeRankCursor } from '../../db/cursor';
import { contentLights, contents, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test-utils';
import { visibleContent } from './visible';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('more-recommend feed', () => {
  it('pages by rank (hot score: lights and freshness) without duplicates or gaps', async () => {
    const seen: FeedCard[] = [];
    let lastId: string | undefined;
    for (let page = 0; page < 6; page++) {
      const res = await t.signedInject(contract.content.moreRecommend, { limit: 37, lastId });
      expect(res.body.code).toBe(SUCCESS);
      const data = feedPageSchema.parse(res.body.data);
      expect(data.list).toHaveLength(37);
      expect(data.hasMore).toBe(true);
      seen.push(...data.list);
      lastId = data.lastId as string;
    }
    const ids = seen.map((card) => card.contentId);
    expect(new Set(ids).size).toBe(ids.length);
    // Exactly the rows, in order, of one query over the whole range (of what moderation left up:
    // other test files take contents down on the shared database).
    const expected = await t.db
      .select({ id: contents.id })
      .from(contents)
      .where(visibleContent)
      .orderBy(desc(contents.hotScore), desc(contents.id))
      .limit(ids.length);
    expect(ids).toEqual(expected.map((row) => row.id));
  });

  it('fills cards: NoPic has no cover, video has a duration, author joined', async () => {
    const res = await t.signedInject(contract.content.moreRecommend, { limit: 40 });
    const cards = res.body.data.list;
    for (const card of cards) {
      expect(card.author.userName.length).toBeGreaterThan(0);
      if (card.contentType === 2) expect(card.cover).toBeNull();
      else expect(card.cover?.width).toBeGreaterThan(0);
      if (card.contentType === 1) expect(card.videoDuration).toBeGreaterThan(0);
    }
  });

  it('marks isLight for the session user after a light', async () => {
    const [user] = await t.db.insert(users).values({ userName: 'feed-tester', avatar: '/a.svg' }).returning();
    const userId = (user as { id: number }).id;
    const tokens = await t.app.deps.sessions.create(userId);
    const cookies = { duToken: tokens.duToken };
    const first = await t.signedInject(contract.content.moreRecommend, { limit: 5 }, { cookies });
    const target = first.body.data.list[2] as FeedCard;
    expect(target.isLight).toBe(false);

    await t.db.insert(contentLights).values({ userId, contentId: target.contentId });
    const again = await t.signedInject(contract.content.moreRecommend, { limit: 5 }, { cookies });
    expect(again.body.data.list.find((c) => c.contentId === target.contentId)?.isLight).toBe(true);
    expect(again.body.data.list.filter((c) => c.isLight)).toHaveLength(1);
    // A visitor sees no lights.
    const visitor = await t.signedInject(contract.content.moreRecommend, { limit: 5 });
    expect(visitor.body.data.list.some((c) => c.isLight)).toBe(false);
    await t.db
      .delete(contentLights)
      .where(and(eq(contentLights.userId, userId), eq(contentLights.contentId, target.contentId)));
  });

  it('refuses a bad cursor with 400 naming lastId', async () => {
    const res = await t.signedInject(contract.content.moreRecommend, { lastId: 'not-a-cursor' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: BAD_REQUEST, msg: 'lastId: 游标无效' });
  });

  it('round-trips cursors', () => {
    const cursor = { createdAtMs: 1_717_243_200_123, id: 42 };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
    for (const rank of [2897.123456789012, -0.5, 1e-7, 3]) {
      expect(decodeRankCursor(encodeRankCursor({ rank, id: 7 }))).toEqual({ rank, id: 7 });
    }
    expect(() => decodeRankCursor(encodeCursor(cursor))).toThrow();
  });
});

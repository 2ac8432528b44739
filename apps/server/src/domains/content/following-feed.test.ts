import { contract } from '@h5/contract';
import { SUCCESS, TOURIST } from '@h5/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follows } from '../../db/schema';
import { createTestApp, insertTestContents, signedInUser, type TestApp } from '../../test-utils';

type User = Awaited<ReturnType<typeof signedInUser>>;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the 关注 feed (issue 32 point 4)', () => {
  it('pages the followed authors’ visible contents newest first, and nobody else’s', async () => {
    const reader = await signedInUser(t.app, t.db, 'following-reader');
    const [a, b, stranger] = (await Promise.all(
      ['following-a', 'following-b', 'following-stranger'].map((name) => signedInUser(t.app, t.db, name)),
    )) as [User, User, User];
    const at = (minute: number) => new Date(Date.UTC(2021, 0, 1, 0, minute));
    // Interleaved times; two of a's share a time, so the id breaks the tie across a page edge.
    const aIds = await insertTestContents(t.db, a.userId, 4, (i) => ({ createdAt: at(i < 2 ? 10 : i * 2) }));
    const bIds = await insertTestContents(t.db, b.userId, 3, (i) => ({ createdAt: at(i * 2 + 1) }));
    await insertTestContents(t.db, stranger.userId, 3, (i) => ({ createdAt: at(i + 20) }));
    await insertTestContents(t.db, reader.userId, 1, () => ({ createdAt: at(30) }));
    const [hidden] = await insertTestContents(t.db, b.userId, 1, () => ({
      createdAt: at(40),
      takenDownAt: new Date(),
      takenDownReason: '违规',
    }));
    await t.db.insert(follows).values([
      { followerId: reader.userId, followeeId: a.userId },
      { followerId: reader.userId, followeeId: b.userId },
    ]);

    const seen: number[] = [];
    let lastId: string | undefined;
    for (let page = 0; page < 10; page++) {
      const res = await t.signedInject(
        contract.content.followingFeed,
        { limit: 2, lastId },
        { cookies: reader.cookies },
      );
      expect(res.body.code).toBe(SUCCESS);
      seen.push(...res.body.data.list.map((card) => card.contentId));
      if (!res.body.data.hasMore) break;
      lastId = res.body.data.lastId ?? undefined;
    }
    const [a0, a1, a2, a3] = aIds as [number, number, number, number];
    const [b0, b1, b2] = bIds as [number, number, number];
    // Minutes 10 (a1 above a0: same time, higher id), 6, 5, 4, 3, 1.
    const expected = [a1, a0, a3, b2, a2, b1, b0];
    expect(seen).toEqual(expected);
    expect(seen).not.toContain(hidden);
  });

  it('answers a reader who follows nobody with an empty page, and a visitor with the login code', async () => {
    const loner = await signedInUser(t.app, t.db, 'following-loner');
    const empty = await t.signedInject(
      contract.content.followingFeed,
      { limit: 20 },
      { cookies: loner.cookies },
    );
    expect(empty.body).toMatchObject({ code: SUCCESS, data: { list: [], lastId: null, hasMore: false } });
    const visitor = await t.signedInject(contract.content.followingFeed, { limit: 20 });
    expect(visitor.body.code).toBe(TOURIST);
  });
});

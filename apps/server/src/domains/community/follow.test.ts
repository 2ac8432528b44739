import { contract, feedPageSchema } from '@h5/contract';
import { BAD_REQUEST, NOT_FOUND, SUCCESS, TOURIST } from '@h5/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contents, follows } from '../../db/schema';
import { createTestApp, signedInUser, type TestApp } from '../../test-utils';
import { COMMUNITY_MESSAGES } from './messages';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rowsOf = async (followerId: number, followeeId: number) =>
  t.db
    .select()
    .from(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)));

describe('follow/add and createRelation', () => {
  it('follows once however often it is called, and unfollows with follow:false', async () => {
    const fan = await signedInUser(t.app, t.db, 'fan');
    const star = await signedInUser(t.app, t.db, 'star');
    const opts = { cookies: fan.cookies };
    const first = await t.signedInject(contract.community.followAdd, { userId: star.userId }, opts);
    expect(first.body).toMatchObject({ code: SUCCESS, data: { isFollowing: true, followerCount: 1 } });
    // The live module sends an integer; older pages a numeric string: both are accepted.
    const again = await t.signedInject(
      contract.community.followAdd,
      { userId: String(star.userId) as unknown as number },
      opts,
    );
    expect(again.body.data).toMatchObject({ isFollowing: true, followerCount: 1 });
    expect(await rowsOf(fan.userId, star.userId)).toHaveLength(1);

    const relation = await t.signedInject(contract.community.createRelation, { userId: star.userId }, opts);
    expect(relation.body.data).toMatchObject({ isFollowing: true, followerCount: 1 });
    expect(await rowsOf(fan.userId, star.userId)).toHaveLength(1);

    const off = await t.signedInject(
      contract.community.followAdd,
      { userId: star.userId, follow: false },
      opts,
    );
    expect(off.body.data).toMatchObject({ isFollowing: false, followerCount: 0 });
    expect(await rowsOf(fan.userId, star.userId)).toHaveLength(0);
  });

  it('keeps one row under concurrent double follows', async () => {
    const fan = await signedInUser(t.app, t.db, 'rapid-fan');
    const star = await signedInUser(t.app, t.db, 'rapid-star');
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.signedInject(contract.community.followAdd, { userId: star.userId }, { cookies: fan.cookies }),
      ),
    );
    for (const res of results) expect(res.body.code).toBe(SUCCESS);
    expect(await rowsOf(fan.userId, star.userId)).toHaveLength(1);
  });

  it('refuses following oneself and unknown users', async () => {
    const me = await signedInUser(t.app, t.db, 'narcissus');
    const self = await t.signedInject(
      contract.community.followAdd,
      { userId: me.userId },
      { cookies: me.cookies },
    );
    expect(self.body).toMatchObject({ code: BAD_REQUEST, msg: COMMUNITY_MESSAGES.followSelf });
    expect(await rowsOf(me.userId, me.userId)).toHaveLength(0);
    const ghost = await t.signedInject(
      contract.community.createRelation,
      { userId: 2_000_000_000 },
      { cookies: me.cookies },
    );
    expect(ghost.body.code).toBe(NOT_FOUND);
  });

  it('answers a visitor with the login code', async () => {
    const star = await signedInUser(t.app, t.db, 'lonely-star');
    for (const call of [contract.community.followAdd, contract.community.createRelation]) {
      const res = await t.signedInject(call, { userId: star.userId });
      expect(res.body.code).toBe(TOURIST);
    }
    expect(await t.db.select().from(follows).where(eq(follows.followeeId, star.userId))).toHaveLength(0);
  });
});

describe('user home', () => {
  it('shows counts and isFollowing for the viewer', async () => {
    const fan = await signedInUser(t.app, t.db, 'home-fan');
    const star = await signedInUser(t.app, t.db, 'home-star');
    await t.signedInject(contract.community.followAdd, { userId: star.userId }, { cookies: fan.cookies });
    await t.signedInject(contract.community.followAdd, { userId: fan.userId }, { cookies: star.cookies });
    const seen = await t.signedInject(
      contract.community.uhomepageProfile,
      { userId: star.userId },
      { cookies: fan.cookies },
    );
    expect(seen.body.data).toMatchObject({
      userName: 'home-star',
      followerCount: 1,
      followingCount: 1,
      isFollowing: true,
      isSelf: false,
    });
    const visitor = await t.signedInject(contract.community.uhomepageProfile, { userId: star.userId });
    expect(visitor.body.data).toMatchObject({ isFollowing: false, isSelf: false });
    const own = await t.signedInject(
      contract.community.uhomepageProfile,
      { userId: star.userId },
      { cookies: star.cookies },
    );
    expect(own.body.data.isSelf).toBe(true);
    const missing = await t.signedInject(contract.community.uhomepageProfile, { userId: 2_000_000_000 });
    expect(missing.body.code).toBe(NOT_FOUND);
  });

  it('pages a user’s contents newest first, only theirs', async () => {
    const [anyContent] = await t.db.select({ authorId: contents.authorId }).from(contents).limit(1);
    const authorId = (anyContent as { authorId: number }).authorId;
    const all = await t.db.select({ id: contents.id }).from(contents).where(eq(contents.authorId, authorId));
    // The header counts the same contents the list pages through.
    const profile = await t.signedInject(contract.community.uhomepageProfile, { userId: authorId });
    expect(profile.body.data.contentCount).toBe(all.length);
    const seen: number[] = [];
    let lastId: string | undefined;
    do {
      const res = await t.signedInject(contract.community.uhomepageContents, {
        userId: authorId,
        limit: 2,
        lastId,
      });
      const page = feedPageSchema.parse(res.body.data);
      for (const card of page.list) expect(card.author.userId).toBe(authorId);
      seen.push(...page.list.map((c) => c.contentId));
      lastId = page.lastId ?? undefined;
    } while (lastId);
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort((a, b) => a - b)).toEqual(all.map((r) => r.id).sort((a, b) => a - b));
  });

  it('lists a topic’s contents by category', async () => {
    const [row] = await t.db.select({ category: contents.category }).from(contents).limit(1);
    const tagId = (row as { category: number }).category;
    const res = await t.signedInject(contract.content.tagContents, { tagId, limit: 10 });
    expect(res.body.data.list.length).toBeGreaterThan(0);
    const ids = res.body.data.list.map((c) => c.contentId);
    const rows = await t.db.select({ id: contents.id, category: contents.category }).from(contents);
    const byId = new Map(rows.map((r) => [r.id, r.category]));
    for (const id of ids) expect(byId.get(id)).toBe(tagId);
  });
});

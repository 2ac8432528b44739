import { contract } from '@h5/contract';
import { BAD_REQUEST, NOT_FOUND, SUCCESS, TOURIST } from '@h5/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestApp } from '../../test-utils';
import { COMMUNITY_MESSAGES } from './messages';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('special-list', () => {
  it('lists the users the caller follows, latest first, paged, and forgets an unfollow', async () => {
    const fan = await signedInUser(t.app, t.db, 'special-fan');
    const opts = { cookies: fan.cookies };
    const followees = [3, 8, 21, 34, 2];
    for (const userId of followees) {
      const res = await t.signedInject(contract.community.followAdd, { userId }, opts);
      expect(res.body.code).toBe(SUCCESS);
    }
    const first = await t.signedInject(contract.community.specialList, { limit: 3 }, opts);
    expect(first.body.data.hasMore).toBe(true);
    const second = await t.signedInject(
      contract.community.specialList,
      { limit: 3, lastId: first.body.data.lastId as string },
      opts,
    );
    expect(second.body.data.hasMore).toBe(false);
    const listed = [...first.body.data.list, ...second.body.data.list];
    expect(listed.map((u) => u.userId)).toEqual([...followees].reverse());
    expect(listed.every((u) => u.userName.length > 0 && u.contentCount >= 0)).toBe(true);

    await t.signedInject(contract.community.followAdd, { userId: 21, follow: false }, opts);
    const after = await t.signedInject(contract.community.specialList, { limit: 40 }, opts);
    expect(after.body.data.list.map((u) => u.userId)).toEqual([2, 34, 8, 3]);
  });

  it('asks a visitor to log in', async () => {
    const res = await t.signedInject(contract.community.specialList, { limit: 5 });
    expect(res.body.code).toBe(TOURIST);
  });
});

describe('hashId', () => {
  it('gives a user one stable hash id, and the user back from it', async () => {
    const calls = await Promise.all(
      [1, 2, 3].map(() => t.signedInject(contract.community.hashId, { userId: 7 })),
    );
    const hashIds = new Set(calls.map((res) => res.body.data.hashId));
    expect(hashIds.size).toBe(1);
    const hashId = calls[0]?.body.data.hashId as string;
    expect(hashId).toMatch(/^[0-9A-Za-z]{10}$/);
    const back = await t.signedInject(contract.community.hashId, { hashId });
    expect(back.body.data).toEqual({ userId: 7, hashId });
    const other = await t.signedInject(contract.community.hashId, { userId: 8 });
    expect(other.body.data.hashId).not.toBe(hashId);
  });

  it('refuses neither or both, unknown users and unknown hash ids', async () => {
    const neither = await t.signedInject(contract.community.hashId, {});
    expect(neither.body).toMatchObject({
      code: BAD_REQUEST,
      msg: 'userId: give exactly one of userId and hashId',
    });
    const both = await t.signedInject(contract.community.hashId, { userId: 7, hashId: 'abcdefghij' });
    expect(both.body.code).toBe(BAD_REQUEST);
    const noUser = await t.signedInject(contract.community.hashId, { userId: 99_999_999 });
    expect(noUser.body).toMatchObject({ code: NOT_FOUND, msg: COMMUNITY_MESSAGES.userNotFound });
    const noHash = await t.signedInject(contract.community.hashId, { hashId: 'ZZZZZZZZZZ' });
    expect(noHash.body).toMatchObject({ code: NOT_FOUND, msg: COMMUNITY_MESSAGES.userNotFound });
  });
});

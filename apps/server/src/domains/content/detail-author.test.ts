import { contract } from '@h5/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestApp } from '../../test-utils';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// Issue 14 point 5: the detail's follow button by the author starts from what the server says.
describe('content-detail author follow state', () => {
  it('says whether the viewer follows the author, and whether the viewer is the author', async () => {
    const contentId = 1;
    const visitor = await t.signedInject(contract.content.contentDetail, { contentId });
    expect(visitor.body.data.author).toMatchObject({ isFollowing: false, isSelf: false });
    const authorId = visitor.body.data.author.userId;

    const reader = await signedInUser(t.app, t.db, 'detail-follower');
    const before = await t.signedInject(
      contract.content.contentDetail,
      { contentId },
      { cookies: reader.cookies },
    );
    expect(before.body.data.author).toMatchObject({ isFollowing: false, isSelf: false });
    const follow = await t.signedInject(
      contract.community.followAdd,
      { userId: authorId, follow: true },
      { cookies: reader.cookies },
    );
    expect(follow.body.code).toBe(200);
    const after = await t.signedInject(
      contract.content.contentDetail,
      { contentId },
      { cookies: reader.cookies },
    );
    expect(after.body.data.author).toMatchObject({ userId: authorId, isFollowing: true, isSelf: false });

    const tokens = await t.app.deps.sessions.create(authorId);
    const own = await t.signedInject(
      contract.content.contentDetail,
      { contentId },
      { cookies: { duToken: tokens.duToken } },
    );
    expect(own.body.data.author).toMatchObject({ isFollowing: false, isSelf: true });
  });
});

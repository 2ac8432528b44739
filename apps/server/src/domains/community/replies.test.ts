import { randomUUID } from 'node:crypto';
import { contract, REPLY_CODES, REPLY_MAX_LENGTH } from '@h5/contract';
import { BAD_REQUEST, NOT_FOUND, SUCCESS, TOURIST } from '@h5/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contents, replies } from '../../db/schema';
import { createTestApp, signedInUser, type TestApp } from '../../test-utils';
import { COMMUNITY_MESSAGES } from './messages';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const calls = contract.community;

/** A fresh content of `authorId` with no replies. */
async function newContent(authorId: number): Promise<number> {
  const [row] = await t.db
    .insert(contents)
    .values({ authorId, contentType: 2, title: 'reply test', body: 'body' })
    .returning({ id: contents.id });
  return (row as { id: number }).id;
}

const storedCount = async (contentId: number) => {
  const [row] = await t.db
    .select({ n: contents.replyCount })
    .from(contents)
    .where(eq(contents.id, contentId));
  return row?.n;
};

describe('reply/add and reply/delete', () => {
  it('answers a visitor with the login code and writes nothing', async () => {
    const author = await signedInUser(t.app, t.db, 'reply-author');
    const contentId = await newContent(author.userId);
    const add = await t.signedInject(calls.replyAdd, { requestId: randomUUID(), contentId, content: 'hi' });
    expect(add.body.code).toBe(TOURIST);
    const del = await t.signedInject(calls.replyDelete, { replyId: 1 });
    expect(del.body.code).toBe(TOURIST);
    expect(await t.db.select().from(replies).where(eq(replies.contentId, contentId))).toHaveLength(0);
    expect(await storedCount(contentId)).toBe(0);
  });

  it('posts top-level and child replies, nesting an answer to a child under its top-level reply', async () => {
    const author = await signedInUser(t.app, t.db, 'nest-author');
    const alice = await signedInUser(t.app, t.db, 'nest-alice');
    const bob = await signedInUser(t.app, t.db, 'nest-bob');
    const contentId = await newContent(author.userId);

    const top = await t.signedInject(
      calls.replyAdd,
      { requestId: randomUUID(), contentId, content: '  好看[666]  ' },
      { cookies: alice.cookies },
    );
    expect(top.body).toMatchObject({
      code: SUCCESS,
      data: {
        replyCount: 1,
        reply: { content: '好看[666]', parentId: null, isSelf: true, replyToUser: null },
      },
    });
    const topId = top.body.data.reply.replyId;
    expect(top.body.data.reply.author).toMatchObject({ userId: alice.userId, userName: 'nest-alice' });

    const child = await t.signedInject(
      calls.replyAdd,
      { requestId: randomUUID(), contentId, replyId: topId, content: 'agree' },
      { cookies: bob.cookies },
    );
    expect(child.body.data).toMatchObject({
      replyCount: 2,
      reply: { parentId: topId, replyToUser: { userId: alice.userId } },
    });
    const grandchild = await t.signedInject(
      calls.replyAdd,
      { requestId: randomUUID(), contentId, replyId: child.body.data.reply.replyId, content: 'me too' },
      { cookies: alice.cookies },
    );
    // One level of nesting: an answer to a child sits beside it, naming whom it answers.
    expect(grandchild.body.data).toMatchObject({
      replyCount: 3,
      reply: { parentId: topId, replyToUser: { userId: bob.userId } },
    });
    expect(await storedCount(contentId)).toBe(3);

    const list = await t.signedInject(calls.replyList, { contentId }, { cookies: bob.cookies });
    expect(list.body.data).toMatchObject({ replyCount: 3, hasMore: false, lastId: null });
    expect(list.body.data.list).toHaveLength(1);
    const [first] = list.body.data.list;
    expect(first).toMatchObject({ replyId: topId, replyCount: 2, isSelf: false });
    expect(first?.child.replyList.map((r) => [r.content, r.isSelf])).toEqual([
      ['agree', true],
      ['me too', false],
    ]);
  });

  it('refuses a reply to a reply of another content, unknown contents and bad lengths', async () => {
    const user = await signedInUser(t.app, t.db, 'reply-rules');
    const a = await newContent(user.userId);
    const b = await newContent(user.userId);
    const opts = { cookies: user.cookies };
    const onA = await t.signedInject(
      calls.replyAdd,
      { requestId: randomUUID(), contentId: a, content: 'x' },
      opts,
    );
    const cross = await t.signedInject(
      calls.replyAdd,
      { requestId: randomUUID(), contentId: b, replyId: onA.body.data.reply.replyId, content: 'y' },
      opts,
    );
    expect(cross.body).toMatchObject({ code: NOT_FOUND, msg: COMMUNITY_MESSAGES.replyNotFound });
    const ghost = await t.signedInject(
      calls.replyAdd,
      { requestId: randomUUID(), contentId: 2_000_000_000, content: 'x' },
      opts,
    );
    expect(ghost.body).toMatchObject({ code: NOT_FOUND, msg: COMMUNITY_MESSAGES.contentNotFound });
    for (const content of ['', '   ', 'x'.repeat(REPLY_MAX_LENGTH + 1)]) {
      const bad = await t.signedInject(
        calls.replyAdd,
        { requestId: randomUUID(), contentId: b, content },
        opts,
      );
      expect(bad.status).toBe(400);
      expect(bad.body.code).toBe(BAD_REQUEST);
    }
    const longest = await t.signedInject(
      calls.replyAdd,
      { requestId: randomUUID(), contentId: b, content: 'x'.repeat(REPLY_MAX_LENGTH) },
      opts,
    );
    expect(longest.body.code).toBe(SUCCESS);
    expect(await storedCount(b)).toBe(1);
    expect(await storedCount(a)).toBe(1);
  });

  it("refuses deleting someone else's reply; deleting one's own takes its children and the count", async () => {
    const owner = await signedInUser(t.app, t.db, 'del-owner');
    const other = await signedInUser(t.app, t.db, 'del-other');
    const contentId = await newContent(owner.userId);
    const top = await t.signedInject(
      calls.replyAdd,
      { requestId: randomUUID(), contentId, content: 'top' },
      { cookies: owner.cookies },
    );
    const topId = top.body.data.reply.replyId;
    const child = await t.signedInject(
      calls.replyAdd,
      { requestId: randomUUID(), contentId, replyId: topId, content: 'child' },
      { cookies: other.cookies },
    );
    await t.signedInject(
      calls.replyAdd,
      { requestId: randomUUID(), contentId, content: 'another' },
      { cookies: other.cookies },
    );
    expect(await storedCount(contentId)).toBe(3);

    const refused = await t.signedInject(calls.replyDelete, { replyId: topId }, { cookies: other.cookies });
    expect(refused.body).toMatchObject({
      code: REPLY_CODES.notOwned,
      msg: '只能删除自己的评论',
    });
    expect(await storedCount(contentId)).toBe(3);

    // The child's author may delete the child alone.
    const childGone = await t.signedInject(
      calls.replyDelete,
      { replyId: child.body.data.reply.replyId },
      { cookies: other.cookies },
    );
    expect(childGone.body.data).toEqual({ deleted: 1, replyCount: 2 });
    await t.signedInject(
      calls.replyAdd,
      { requestId: randomUUID(), contentId, replyId: topId, content: 'again' },
      { cookies: other.cookies },
    );

    const gone = await t.signedInject(calls.replyDelete, { replyId: topId }, { cookies: owner.cookies });
    expect(gone.body.data).toEqual({ deleted: 2, replyCount: 1 });
    expect(await storedCount(contentId)).toBe(1);
    const rows = await t.db.select().from(replies).where(eq(replies.contentId, contentId));
    expect(rows.map((r) => r.content)).toEqual(['another']);

    const twice = await t.signedInject(calls.replyDelete, { replyId: topId }, { cookies: owner.cookies });
    expect(twice.body.code).toBe(NOT_FOUND);
    expect(await storedCount(contentId)).toBe(1);
  });

  it('keeps the count right under concurrent posts', async () => {
    const user = await signedInUser(t.app, t.db, 'rapid-replier');
    const contentId = await newContent(user.userId);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.signedInject(
          calls.replyAdd,
          { requestId: randomUUID(), contentId, content: `r${i}` },
          { cookies: user.cookies },
        ),
      ),
    );
    for (const res of results) expect(res.body.code).toBe(SUCCESS);
    expect(await storedCount(contentId)).toBe(8);
  });
});

describe('reply/add is idempotent by requestId', () => {
  it('posts 50 parallel identical posts once, every answer the same comment', async () => {
    const user = await signedInUser(t.app, t.db, 'double-tapper');
    const contentId = await newContent(user.userId);
    const post = { requestId: randomUUID(), contentId, content: '双击也只发一条' };
    const results = await Promise.all(
      Array.from({ length: 50 }, () => t.signedInject(calls.replyAdd, post, { cookies: user.cookies })),
    );
    const ids = new Set(results.map((res) => res.body.data.reply.replyId));
    for (const res of results) expect(res.body).toMatchObject({ code: 200, data: { replyCount: 1 } });
    expect(ids.size).toBe(1);
    expect(await t.db.select().from(replies).where(eq(replies.contentId, contentId))).toHaveLength(1);
    expect(await storedCount(contentId)).toBe(1);

    // A retry later answers the stored comment; a new requestId posts a second one.
    const retry = await t.signedInject(calls.replyAdd, post, { cookies: user.cookies });
    expect(retry.body.data.reply.replyId).toBe([...ids][0]);
    const next = await t.signedInject(
      calls.replyAdd,
      { ...post, requestId: randomUUID() },
      { cookies: user.cookies },
    );
    expect(next.body.data).toMatchObject({ replyCount: 2 });
  });

  it('refuses a requestId reused for another comment, and one that is not a uuid', async () => {
    const user = await signedInUser(t.app, t.db, 'reuser');
    const contentId = await newContent(user.userId);
    const requestId = randomUUID();
    await t.signedInject(
      calls.replyAdd,
      { requestId, contentId, content: 'first' },
      { cookies: user.cookies },
    );
    const reused = await t.signedInject(
      calls.replyAdd,
      { requestId, contentId, content: 'second' },
      { cookies: user.cookies },
    );
    expect(reused.body).toEqual({
      code: 4202,
      msg: '这条评论的请求编号已用于另一条评论，请重新发送',
      data: null,
    });
    const bad = await t.signedInject(
      calls.replyAdd,
      { requestId: 'not-a-uuid', contentId, content: 'x' },
      { cookies: user.cookies },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('requestId: 必须是 UUID');
    // Another user may use the same requestId: ids are per user.
    const other = await signedInUser(t.app, t.db, 'same-id-other');
    const theirs = await t.signedInject(
      calls.replyAdd,
      { requestId, contentId, content: 'first' },
      { cookies: other.cookies },
    );
    expect(theirs.body.data).toMatchObject({ replyCount: 2 });
    expect(await storedCount(contentId)).toBe(2);
  });
});

describe('reply-list and full-reply-list paging', () => {
  it('pages top-level replies newest first without duplicates, ties broken by id', async () => {
    const user = await signedInUser(t.app, t.db, 'pager');
    const contentId = await newContent(user.userId);
    const sameMoment = new Date('2026-01-02T03:04:05.678Z');
    // 25 replies, many sharing one timestamp: the keyset must still not repeat or skip.
    await t.db.insert(replies).values(
      Array.from({ length: 25 }, (_, i) => ({
        contentId,
        userId: user.userId,
        content: `p${i}`,
        createdAt: i % 3 === 0 ? new Date(sameMoment.getTime() + i) : sameMoment,
      })),
    );
    const seen: number[] = [];
    let lastId: string | undefined;
    let pages = 0;
    do {
      const res = await t.signedInject(calls.replyList, {
        contentId,
        limit: 10,
        ...(lastId ? { lastId } : {}),
      });
      expect(res.body.code).toBe(SUCCESS);
      seen.push(...res.body.data.list.map((r) => r.replyId));
      lastId = res.body.data.lastId ?? undefined;
      expect(res.body.data.hasMore).toBe(lastId !== undefined);
      pages++;
    } while (lastId && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(25);
    expect(new Set(seen).size).toBe(25);
    const bad = await t.signedInject(calls.replyList, { contentId, lastId: 'nope!' });
    expect(bad.status).toBe(400);
  });

  it('nests two children per reply in reply-list and pages all of them in full-reply-list', async () => {
    const user = await signedInUser(t.app, t.db, 'child-pager');
    const contentId = await newContent(user.userId);
    const top = await t.signedInject(
      calls.replyAdd,
      { requestId: randomUUID(), contentId, content: 'parent' },
      { cookies: user.cookies },
    );
    const replyId = top.body.data.reply.replyId;
    const base = Date.now();
    await t.db.insert(replies).values(
      Array.from({ length: 7 }, (_, i) => ({
        contentId,
        userId: user.userId,
        parentId: replyId,
        content: `c${i}`,
        createdAt: new Date(base + (i < 4 ? 0 : i)),
      })),
    );
    const list = await t.signedInject(calls.replyList, { contentId });
    const [first] = list.body.data.list;
    expect(first?.replyCount).toBe(7);
    expect(first?.child.replyList).toHaveLength(2);

    const seen: string[] = [];
    let lastId: string | undefined;
    for (let i = 0; i < 5; i++) {
      const res = await t.signedInject(calls.fullReplyList, {
        replyId,
        limit: 3,
        ...(lastId ? { lastId } : {}),
      });
      seen.push(...res.body.data.list.map((r) => r.content));
      lastId = res.body.data.lastId ?? undefined;
      if (!lastId) break;
    }
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
    // The preview is the head of the full list.
    expect(first?.child.replyList.map((r) => r.content)).toEqual(seen.slice(0, 2));
  });

  it('serves seeded replies with emoji tokens and the emoji mapping from the table', async () => {
    const emoji = await t.signedInject(calls.emojiList, {});
    expect(emoji.body.code).toBe(SUCCESS);
    expect(emoji.body.data.list.length).toBeGreaterThanOrEqual(20);
    for (const e of emoji.body.data.list) expect(e.url).toMatch(/^\/cdn\/emoji\//);
    const [seeded] = await t.db.select({ contentId: replies.contentId }).from(replies).limit(1);
    const list = await t.signedInject(calls.replyList, {
      contentId: (seeded as { contentId: number }).contentId,
    });
    expect(list.body.data.replyCount).toBeGreaterThan(0);
    expect(list.body.data.list.length).toBeGreaterThan(0);
    const missing = await t.signedInject(calls.replyList, { contentId: 2_000_000_000 });
    expect(missing.body.code).toBe(NOT_FOUND);
  });
});

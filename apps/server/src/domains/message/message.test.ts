import { randomUUID } from 'node:crypto';
import { contract, type MessageKind } from '@h5/contract';
import { BAD_REQUEST, SUCCESS, TOURIST } from '@h5/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema';
import { createTestApp, insertTestContents, signedInUser, type TestApp } from '../../test-utils';
import { addReply } from '../community/replies';
import { createReplyQueries } from '../community/replies-queries';
import { notify } from './notify';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type User = Awaited<ReturnType<typeof signedInUser>>;

/** An author with one fresh content, and a reader. */
async function pair(name: string) {
  const author = await signedInUser(t.app, t.db, `${name}-author`);
  const reader = await signedInUser(t.app, t.db, `${name}-reader`);
  const [contentId] = await insertTestContents(t.db, author.userId, 1, () => ({ title: `${name} 的内容` }));
  return { author, reader, contentId: contentId as number };
}

const messagesOf = (userId: number, kind?: MessageKind) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.recipientId, userId), kind ? eq(notifications.kind, kind) : undefined));

const counts = async (user: User) => {
  const res = await t.signedInject(contract.message.unreadCounts, {}, { cookies: user.cookies });
  expect(res.body.code).toBe(SUCCESS);
  return res.body.data;
};

const reply = (
  user: User,
  contentId: number,
  content: string,
  extra: { replyId?: number; requestId?: string } = {},
) =>
  t.signedInject(
    contract.community.replyAdd,
    {
      contentId,
      content,
      requestId: extra.requestId ?? randomUUID(),
      ...(extra.replyId ? { replyId: extra.replyId } : {}),
    },
    { cookies: user.cookies },
  );

describe('messages: replies', () => {
  it('tells the author once, even when the post is retried (10 concurrent copies of one requestId)', async () => {
    const { author, reader, contentId } = await pair('reply-once');
    const requestId = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => reply(reader, contentId, '写得好', { requestId })),
    );
    for (const answer of answers) expect(answer.body.code).toBe(SUCCESS);
    const rows = await messagesOf(author.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'reply',
      actorId: reader.userId,
      contentId,
      replyId: answers[0]?.body.data.reply.replyId,
      dedupeKey: `reply:${answers[0]?.body.data.reply.replyId}`,
      readAt: null,
    });
    expect(await messagesOf(reader.userId)).toHaveLength(0);
  });

  it('tells nobody of a reply on one’s own content; a child reply tells the user it answers and the author', async () => {
    const { author, reader, contentId } = await pair('reply-child');
    const own = await reply(author, contentId, '自己评论');
    expect(own.body.code).toBe(SUCCESS);
    expect(await messagesOf(author.userId)).toHaveLength(0);

    const third = await signedInUser(t.app, t.db, 'reply-child-third');
    const top = await reply(reader, contentId, '第一条');
    const child = await reply(third, contentId, '回复你', { replyId: top.body.data.reply.replyId });
    expect(child.body.code).toBe(SUCCESS);
    const childId = child.body.data.reply.replyId;
    // The author: the top reply and the child; the reader: the child that answers them.
    expect((await messagesOf(author.userId)).map((row) => row.replyId).sort()).toEqual(
      [top.body.data.reply.replyId, childId].sort(),
    );
    expect((await messagesOf(reader.userId)).map((row) => row.replyId)).toEqual([childId]);
    // The author answering the reader tells the reader only.
    const answer = await reply(author, contentId, '谢谢', { replyId: top.body.data.reply.replyId });
    expect((await messagesOf(reader.userId)).map((row) => row.replyId)).toContain(
      answer.body.data.reply.replyId,
    );
    expect((await messagesOf(author.userId)).map((row) => row.replyId)).not.toContain(
      answer.body.data.reply.replyId,
    );
  });

  it('writes no message when the reply’s transaction rolls back', async () => {
    const { author, reader, contentId } = await pair('reply-rollback');
    const queries = createReplyQueries(t.db);
    const failing = {
      ...queries,
      byId: async () => {
        throw new Error('the read after the insert failed');
      },
    };
    await expect(
      addReply(t.db, failing, reader.userId, { contentId, content: '回滚', requestId: randomUUID() }),
    ).rejects.toThrow('the read after the insert failed');
    expect(await messagesOf(author.userId)).toHaveLength(0);
    await expect(
      t.db.transaction(async (tx) => {
        await notify(tx, { kind: 'follow', recipientId: author.userId, actorId: reader.userId });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await messagesOf(author.userId)).toHaveLength(0);
  });
});

describe('messages: lights and follows', () => {
  it('a light tells the author once: repeated, concurrent, unlit and lit again; never oneself', async () => {
    const { author, reader, contentId } = await pair('light');
    const light = (user: User, on = true) =>
      t.signedInject(
        on ? contract.community.addContentLight : contract.community.delContentLight,
        { contentId },
        { cookies: user.cookies },
      );
    await Promise.all(Array.from({ length: 8 }, () => light(reader)));
    await light(reader, false);
    await light(reader);
    await light(author);
    const rows = await messagesOf(author.userId, 'light');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: reader.userId,
      contentId,
      dedupeKey: `light:${reader.userId}:${contentId}`,
    });
    expect(await messagesOf(author.userId)).toHaveLength(1);
  });

  it('a follow tells the followee once: repeated, concurrent, unfollowed and followed again', async () => {
    const { author, reader } = await pair('follow');
    const follow = (follow: boolean) =>
      t.signedInject(
        contract.community.followAdd,
        { userId: author.userId, follow },
        { cookies: reader.cookies },
      );
    const answers = await Promise.all(Array.from({ length: 8 }, () => follow(true)));
    for (const answer of answers) expect(answer.body.code).toBe(SUCCESS);
    await follow(false);
    await follow(true);
    const rows = await messagesOf(author.userId, 'follow');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: reader.userId,
      contentId: null,
      dedupeKey: `follow:${reader.userId}:${author.userId}`,
    });
  });
});

describe('message calls: unread counts, list, mark read', () => {
  it('refuses a visitor with 7999', async () => {
    const res = await t.signedInject(contract.message.unreadCounts, {});
    expect(res.body.code).toBe(TOURIST);
  });

  it('counts by kind, pages newest first with the actor and content, marks read idempotently', async () => {
    const { author, reader, contentId } = await pair('calls');
    await t.signedInject(contract.community.addContentLight, { contentId }, { cookies: reader.cookies });
    await t.signedInject(
      contract.community.followAdd,
      { userId: author.userId, follow: true },
      { cookies: reader.cookies },
    );
    const texts = ['一', '二', '三', '四', '五'];
    for (const text of texts) expect((await reply(reader, contentId, text)).body.code).toBe(SUCCESS);
    await t.db.transaction((tx) =>
      notify(tx, {
        kind: 'system',
        recipientId: author.userId,
        source: 'test',
        sourceId: author.userId,
        noticeKey: 'test.notice',
        text: '你的内容已通过审核',
        link: `/community/content/${contentId}`,
        contentId,
      }),
    );
    expect(await counts(author)).toEqual({ reply: 5, light: 1, follow: 1, system: 1, total: 8 });

    const seen: string[] = [];
    let lastId: string | undefined;
    for (let pageNo = 0; pageNo < 5; pageNo++) {
      const page = await t.signedInject(
        contract.message.list,
        { kind: 'reply', limit: 2, ...(lastId ? { lastId } : {}) },
        { cookies: author.cookies },
      );
      expect(page.body.code).toBe(SUCCESS);
      seen.push(...page.body.data.list.map((item) => item.replyText ?? ''));
      if (pageNo === 0)
        expect(page.body.data.list[0]).toMatchObject({
          kind: 'reply',
          actor: { userId: reader.userId, userName: 'calls-reader' },
          content: { contentId, title: 'calls 的内容', cover: null },
          replyText: '五',
          text: null,
          read: false,
        });
      if (!page.body.data.hasMore) break;
      lastId = page.body.data.lastId ?? undefined;
    }
    expect(seen).toEqual(['五', '四', '三', '二', '一']);

    const system = await t.signedInject(
      contract.message.list,
      { kind: 'system' },
      { cookies: author.cookies },
    );
    expect(system.body.data.list).toEqual([
      expect.objectContaining({
        actor: null,
        text: '你的内容已通过审核',
        link: `/community/content/${contentId}`,
        read: false,
      }),
    ]);

    const marked = await t.signedInject(
      contract.message.markRead,
      { kind: 'reply' },
      { cookies: author.cookies },
    );
    expect(marked.body.data).toEqual({
      marked: 5,
      counts: { reply: 0, light: 1, follow: 1, system: 1, total: 3 },
    });
    const again = await t.signedInject(
      contract.message.markRead,
      { kind: 'reply' },
      { cookies: author.cookies },
    );
    expect(again.body.data.marked).toBe(0);
    const list = await t.signedInject(contract.message.list, { kind: 'reply' }, { cookies: author.cookies });
    expect(list.body.data.list.every((item) => item.read)).toBe(true);

    const all = await t.signedInject(contract.message.markRead, {}, { cookies: author.cookies });
    expect(all.body.data).toEqual({
      marked: 3,
      counts: { reply: 0, light: 0, follow: 0, system: 0, total: 0 },
    });
    // The reader's own messages are theirs alone: none here.
    expect(await counts(reader)).toEqual({ reply: 0, light: 0, follow: 0, system: 0, total: 0 });
  });

  it('shows a deleted reply as gone and refuses an unknown kind with 400', async () => {
    const { author, reader, contentId } = await pair('gone');
    const posted = await reply(reader, contentId, '马上删除');
    await t.signedInject(
      contract.community.replyDelete,
      { replyId: posted.body.data.reply.replyId },
      { cookies: reader.cookies },
    );
    const list = await t.signedInject(contract.message.list, { kind: 'reply' }, { cookies: author.cookies });
    expect(list.body.data.list[0]).toMatchObject({ replyText: null, content: { contentId } });
    const bad = await t.signedInject(
      contract.message.list,
      { kind: 'like' as MessageKind },
      { cookies: author.cookies },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(BAD_REQUEST);
  });
});

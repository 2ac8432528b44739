import {
  type ChildReplyPage,
  type contract,
  type InputOf,
  type PageQuery,
  REPLY_CHILD_PREVIEW,
  REPLY_CODES,
  type Reply,
  type ReplyPage,
} from '@h5/contract';
import type { Db } from '../../db/client';
import { pageFrom, rowsToRead } from '../../db/keyset';
import { AppError, notFound } from '../../plugins/errors';
import { contentAuthor, notify } from '../message/notify';
import { COMMUNITY_MESSAGES } from './messages';
import { type ReplyQueries, toReply } from './replies-queries';

/** reply-list: top-level replies newest first, each with its first children nested. */
export async function replyPage(
  queries: ReplyQueries,
  contentId: number,
  input: PageQuery,
  viewerId: number | null,
): Promise<ReplyPage> {
  const replyCount = await queries.replyCount(contentId);
  if (replyCount === undefined) throw notFound(COMMUNITY_MESSAGES.contentNotFound);
  const rows = await queries.topLevel(contentId, input.lastId, rowsToRead(input));
  const { list: page, lastId, hasMore } = pageFrom(rows, input.limit, queries.topLevelCursor);
  const children = await queries.firstChildren(
    page.map((row) => row.replyId),
    REPLY_CHILD_PREVIEW,
  );
  const byParent = new Map<number, Reply[]>();
  for (const child of children) {
    const list = byParent.get(child.parentId as number) ?? [];
    list.push(toReply(child, viewerId));
    byParent.set(child.parentId as number, list);
  }
  return {
    list: page.map((row) => ({
      ...toReply(row, viewerId),
      replyCount: row.childCount,
      child: { replyList: byParent.get(row.replyId) ?? [] },
    })),
    lastId,
    hasMore,
    replyCount,
  };
}

/**
 * A signed-in reader's reply-list page from the visitors' shared one (issue 33 point 1): the only
 * state of theirs is which replies they wrote (`isSelf`, from the authors already on the page),
 * so one statement remains, the content's reply count now. A count unlike the shared page's
 * means the thread changed since that page was read (the reader's own reply or deletion among
 * the changes, which they must see at once): their page is then read afresh.
 */
export async function readerReplyPage(
  queries: ReplyQueries,
  shared: ReplyPage,
  contentId: number,
  input: PageQuery,
  viewerId: number,
): Promise<ReplyPage> {
  const now = await queries.replyCount(contentId);
  if (now === undefined) throw notFound(COMMUNITY_MESSAGES.contentNotFound);
  if (now !== shared.replyCount) return replyPage(queries, contentId, input, viewerId);
  const mine = <R extends Reply>(reply: R): R => ({ ...reply, isSelf: reply.author.userId === viewerId });
  return {
    ...shared,
    list: shared.list.map((top) => ({ ...mine(top), child: { replyList: top.child.replyList.map(mine) } })),
  };
}

/** full-reply-list: the children of one reply, oldest first. */
export async function childPage(
  queries: ReplyQueries,
  replyId: number,
  input: PageQuery,
  viewerId: number | null,
): Promise<ChildReplyPage> {
  const rows = await queries.children(replyId, input.lastId, rowsToRead(input));
  const page = pageFrom(rows, input.limit, queries.childCursor);
  return { ...page, list: page.list.map((row) => toReply(row, viewerId)) };
}

/** A post whose requestId is already stored: the transaction rolls back, the stored one answers. */
class RepeatedPost extends Error {}

type ReplyInput = InputOf<typeof contract.community.replyAdd>;

/**
 * Posts a reply: to the content, or answering `replyId` (nested under that reply's top-level
 * reply). The row and the content's count change in one transaction. A repeat of a stored
 * `requestId` (a retry, a double tap, a concurrent copy) changes nothing and answers the stored
 * reply; the same requestId for another comment is refused.
 */
export async function addReply(db: Db, queries: ReplyQueries, userId: number, input: ReplyInput) {
  try {
    return await db.transaction(async (tx) => {
      let parentId: number | null = null;
      let replyToUserId: number | null = null;
      if (input.replyId !== undefined) {
        const target = await queries.lockReply(tx, input.replyId);
        if (!target || target.contentId !== input.contentId || target.hiddenAt !== null)
          throw notFound(COMMUNITY_MESSAGES.replyNotFound);
        parentId = target.parentId ?? target.id;
        replyToUserId = target.userId;
      }
      // Counting first also locks the content row, so concurrent posts serialise on it.
      const replyCount = await queries.bumpCount(tx, input.contentId, 1);
      if (replyCount === undefined) throw notFound(COMMUNITY_MESSAGES.contentNotFound);
      const id = await queries.insert(tx, {
        contentId: input.contentId,
        userId,
        parentId,
        replyToUserId,
        content: input.content,
        requestId: input.requestId,
      });
      if (id === undefined) throw new RepeatedPost();
      // The messages commit with the reply: a retried post (RepeatedPost above) writes none.
      await notifyReply(tx, { contentId: input.contentId, replyId: id, userId, replyToUserId });
      const row = await queries.byId(tx, id);
      if (!row) throw notFound(COMMUNITY_MESSAGES.replyNotFound);
      return { reply: toReply(row, userId), replyCount };
    });
  } catch (error) {
    if (!(error instanceof RepeatedPost)) throw error;
    return storedPost(db, queries, userId, input);
  }
}

/**
 * Tells the content's author of a new reply, and the user a child reply answers (when that is
 * someone else than the author, who is told already).
 */
async function notifyReply(
  tx: Db,
  post: { contentId: number; replyId: number; userId: number; replyToUserId: number | null },
) {
  const authorId = await contentAuthor(tx, post.contentId);
  const base = {
    kind: 'reply',
    actorId: post.userId,
    contentId: post.contentId,
    replyId: post.replyId,
  } as const;
  if (authorId !== undefined) await notify(tx, { ...base, recipientId: authorId });
  if (post.replyToUserId !== null && post.replyToUserId !== authorId)
    await notify(tx, { ...base, recipientId: post.replyToUserId });
}

/** The answer to a repeated post: the reply stored under its requestId and today's count. */
async function storedPost(db: Db, queries: ReplyQueries, userId: number, input: ReplyInput) {
  const stored = await queries.byRequestId(userId, input.requestId);
  if (!stored || stored.contentId !== input.contentId || stored.content !== input.content) {
    throw new AppError(REPLY_CODES.requestIdReused, COMMUNITY_MESSAGES.replyRequestIdReused);
  }
  const row = await queries.byId(db, stored.id);
  const replyCount = await queries.replyCount(input.contentId, db);
  if (!row || replyCount === undefined) throw notFound(COMMUNITY_MESSAGES.replyNotFound);
  return { reply: toReply(row, userId), replyCount };
}

/** Deletes one's own reply (and its children); someone else's is refused. */
export async function deleteReply(db: Db, queries: ReplyQueries, userId: number, replyId: number) {
  return db.transaction(async (tx) => {
    const target = await queries.lockReply(tx, replyId);
    if (!target) throw notFound(COMMUNITY_MESSAGES.replyNotFound);
    if (target.userId !== userId) throw new AppError(REPLY_CODES.notOwned, COMMUNITY_MESSAGES.replyNotOwned);
    const deleted = await queries.deleteWithChildren(tx, replyId);
    const replyCount = (await queries.bumpCount(tx, target.contentId, -deleted)) ?? 0;
    return { deleted, replyCount };
  });
}

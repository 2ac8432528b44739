import type { Reply } from '@h5/contract';
import { and, asc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, ReadDb } from '../../db/client';
import { timeKeyset } from '../../db/keyset';
import { contents, emojis, replies, users } from '../../db/schema';
import { visibleContent } from '../content/visible';

/** The answered user of a child reply: a second join of users. */
const replyTo = alias(users, 'reply_to');

const replyColumns = {
  replyId: replies.id,
  contentId: replies.contentId,
  parentId: replies.parentId,
  content: replies.content,
  createdAt: replies.createdAt,
  userId: users.id,
  userName: users.userName,
  avatar: users.avatar,
  replyToUserId: replyTo.id,
  replyToName: replyTo.userName,
  replyToAvatar: replyTo.avatar,
};

/** Top-level replies newest first; the children of one oldest first. */
const newestReplies = timeKeyset(replies.createdAt, replies.id);
const oldestReplies = timeKeyset(replies.createdAt, replies.id, 'asc');
/** The cursor after a reply row in either order. */
const replyCursor = (keyset: typeof newestReplies) => (row: { createdAt: Date; replyId: number }) =>
  keyset.cursor(row.createdAt, row.replyId);

type ReplyRow = Awaited<ReturnType<ReturnType<typeof selectReplies>>>[number];

/** Replies with their author and the user they answer, filtered by `where`. */
function selectReplies(db: ReadDb, extra: { childCount?: true } = {}) {
  const columns = extra.childCount
    ? {
        ...replyColumns,
        childCount: sql<number>`(select count(*)::int from ${replies} as c where c.parent_id = ${replies.id} and c.hidden_at is null)`,
      }
    : { ...replyColumns, childCount: sql<number>`0` };
  return (where: SQL | undefined) =>
    db
      .select(columns)
      .from(replies)
      .innerJoin(users, eq(users.id, replies.userId))
      .leftJoin(replyTo, eq(replyTo.id, replies.replyToUserId))
      // A comment a moderator hid is in no list, nor answered (issue 30 point 3).
      .where(and(where, isNull(replies.hiddenAt)));
}

/** The wire shape of a row; `viewerId` decides `isSelf`. */
export function toReply(row: ReplyRow, viewerId: number | null): Reply {
  return {
    replyId: row.replyId,
    contentId: row.contentId,
    parentId: row.parentId,
    content: row.content,
    author: { userId: row.userId, userName: row.userName, avatar: row.avatar },
    replyToUser:
      row.replyToUserId === null
        ? null
        : { userId: row.replyToUserId, userName: row.replyToName ?? '', avatar: row.replyToAvatar ?? '' },
    createdAt: row.createdAt.getTime(),
    isSelf: viewerId !== null && viewerId === row.userId,
  };
}

/**
 * Reads and writes of the replies and emojis tables: the lists through `reads` (a replica may
 * serve them), the rest through `db` or the caller's transaction.
 */
export function createReplyQueries(db: Db, reads: ReadDb = db) {
  return {
    /** Top-level replies of a content, newest first, after the opaque `lastId` (limit rows). */
    topLevel: (contentId: number, lastId: string | undefined, limit: number) =>
      selectReplies(reads, { childCount: true })(
        and(eq(replies.contentId, contentId), isNull(replies.parentId), newestReplies.after(lastId)),
      )
        .orderBy(...newestReplies.orderBy)
        .limit(limit),
    /** The `lastId` after a row of {@link topLevel}. */
    topLevelCursor: replyCursor(newestReplies),
    /** The first `perParent` children (oldest first) of each of `parentIds`. */
    firstChildren: (parentIds: number[], perParent: number) =>
      parentIds.length === 0
        ? Promise.resolve([])
        : selectReplies(reads)(
            and(
              inArray(replies.parentId, parentIds),
              sql`(select count(*) from ${replies} as e where e.parent_id = ${replies.parentId} and e.hidden_at is null and (e.created_at, e.id) < (${replies.createdAt}, ${replies.id})) < ${perParent}`,
            ),
          ).orderBy(asc(replies.createdAt), asc(replies.id)),
    /** Children of one reply, oldest first, after the opaque `lastId` (limit rows). */
    children: (parentId: number, lastId: string | undefined, limit: number) =>
      selectReplies(reads)(and(eq(replies.parentId, parentId), oldestReplies.after(lastId)))
        .orderBy(...oldestReplies.orderBy)
        .limit(limit),
    /** The `lastId` after a row of {@link children}. */
    childCursor: replyCursor(oldestReplies),
    /** One reply with its author (for the answer to a post). */
    byId: async (tx: Db, replyId: number) => {
      const [row] = await selectReplies(tx)(eq(replies.id, replyId));
      return row;
    },
    /** The content's reply count, or undefined when there is no such content (`on` a writer's `db`). */
    replyCount: async (contentId: number, on: ReadDb = reads) => {
      const [row] = await on
        .select({ n: contents.replyCount })
        .from(contents)
        .where(and(eq(contents.id, contentId), visibleContent));
      return row?.n;
    },
    /** The bare reply row (owner, content, parent), locked for the transaction. */
    lockReply: async (tx: Db, replyId: number) => {
      const [row] = await tx
        .select({
          id: replies.id,
          contentId: replies.contentId,
          parentId: replies.parentId,
          userId: replies.userId,
          hiddenAt: replies.hiddenAt,
        })
        .from(replies)
        .where(eq(replies.id, replyId))
        .for('update');
      return row;
    },
    /** Adds `delta` to the content's reply count (never below 0); the new count, or undefined. */
    bumpCount: async (tx: Db, contentId: number, delta: number) => {
      const [row] = await tx
        .update(contents)
        .set({ replyCount: sql`greatest(${contents.replyCount} + ${delta}, 0)` })
        .where(and(eq(contents.id, contentId), visibleContent))
        .returning({ n: contents.replyCount });
      return row?.n;
    },
    insert: async (
      tx: Db,
      values: {
        contentId: number;
        userId: number;
        parentId: number | null;
        replyToUserId: number | null;
        content: string;
        requestId: string;
      },
    ) => {
      // A concurrent post of the same requestId waits on the unique index, then does nothing.
      const [row] = await tx
        .insert(replies)
        .values(values)
        .onConflictDoNothing({ target: [replies.userId, replies.requestId] })
        .returning({ id: replies.id });
      return row?.id;
    },
    /** The user's reply posted with `requestId`, if any (a retried post). */
    byRequestId: async (userId: number, requestId: string) => {
      const [row] = await db
        .select({ id: replies.id, contentId: replies.contentId, content: replies.content })
        .from(replies)
        .where(and(eq(replies.userId, userId), eq(replies.requestId, requestId)));
      return row;
    },
    /** Deletes a reply and its children; how many rows went. */
    deleteWithChildren: async (tx: Db, replyId: number) => {
      const gone = await tx
        .delete(replies)
        .where(or(eq(replies.id, replyId), eq(replies.parentId, replyId)))
        .returning({ hiddenAt: replies.hiddenAt });
      // Hidden ones left the count when they were hidden.
      return gone.filter((row) => row.hiddenAt === null).length;
    },
    emojiList: () =>
      reads.select({ name: emojis.name, url: emojis.url }).from(emojis).orderBy(asc(emojis.name)),
  };
}

export type ReplyQueries = ReturnType<typeof createReplyQueries>;

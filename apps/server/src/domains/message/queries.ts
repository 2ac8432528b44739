import type { InputOf, MessageItem, MessagePage, message, UnreadCounts } from '@h5/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, ReadDb } from '../../db/client';
import { pageFrom, rowsToRead, timeKeyset } from '../../db/keyset';
import { contents, notifications, replies, users } from '../../db/schema';
import { visibleContent } from '../content/visible';

/** A kind's list, newest first (the list index scanned backwards). */
const newestFirst = timeKeyset(notifications.createdAt, notifications.id);

/**
 * The reader's unread counts by kind in one statement over the partial index of unread rows
 * (notifications_unread_idx): its cost follows the unread rows, not every message kept. The
 * statement itself, for the bench's EXPLAIN; {@link unreadCounts} runs it.
 */
export function unreadCountsQuery(db: ReadDb, userId: number) {
  const unread = (kind: string) =>
    sql<number>`(count(*) filter (where ${notifications.kind} = ${kind}))::int`;
  return db
    .select({
      reply: unread('reply'),
      light: unread('light'),
      follow: unread('follow'),
      system: unread('system'),
      total: sql<number>`count(*)::int`,
    })
    .from(notifications)
    .where(and(eq(notifications.recipientId, userId), isNull(notifications.readAt)));
}

/** The reader's unread counts by kind and their total. */
export async function unreadCounts(db: ReadDb, userId: number): Promise<UnreadCounts> {
  const [row] = await unreadCountsQuery(db, userId);
  return row ?? { reply: 0, light: 0, follow: 0, system: 0, total: 0 };
}

/**
 * One kind's messages, newest first, keyset-paged, each with the actor, the content (while
 * anyone may see it) and the answer (while it stands and is not hidden).
 */
export async function messagePage(
  reads: ReadDb,
  userId: number,
  input: InputOf<typeof message.list>,
): Promise<MessagePage> {
  const rows = await reads
    .select({
      id: notifications.id,
      kind: notifications.kind,
      createdAt: notifications.createdAt,
      readAt: notifications.readAt,
      replyId: notifications.replyId,
      text: notifications.text,
      link: notifications.link,
      actorId: users.id,
      actorName: users.userName,
      actorAvatar: users.avatar,
      contentId: contents.id,
      title: contents.title,
      coverUrl: contents.coverUrl,
      coverWidth: contents.coverWidth,
      coverHeight: contents.coverHeight,
      replyText: replies.content,
    })
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.actorId))
    .leftJoin(contents, and(eq(contents.id, notifications.contentId), visibleContent))
    .leftJoin(replies, and(eq(replies.id, notifications.replyId), isNull(replies.hiddenAt)))
    .where(
      and(
        eq(notifications.recipientId, userId),
        eq(notifications.kind, input.kind),
        newestFirst.after(input.lastId),
      ),
    )
    .orderBy(...newestFirst.orderBy)
    .limit(rowsToRead(input));
  const page = pageFrom(rows, input.limit, (row) => newestFirst.cursor(row.createdAt, row.id));
  return {
    ...page,
    list: page.list.map(
      (row): MessageItem => ({
        messageId: row.id,
        kind: row.kind,
        actor:
          row.actorId === null
            ? null
            : { userId: row.actorId, userName: row.actorName ?? '', avatar: row.actorAvatar ?? '' },
        content:
          row.contentId === null
            ? null
            : {
                contentId: row.contentId,
                title: row.title ?? '',
                cover:
                  row.coverUrl && row.coverWidth && row.coverHeight
                    ? { url: row.coverUrl, width: row.coverWidth, height: row.coverHeight }
                    : null,
              },
        replyText: row.replyText,
        replyId: row.replyId,
        text: row.text,
        link: row.link,
        createdAt: row.createdAt.getTime(),
        read: row.readAt !== null,
      }),
    ),
  };
}

/**
 * Marks the reader's unread messages of `kind` (or of every kind) read. Idempotent: read ones
 * keep their first read time, so a repeat marks none. Answers how many and the counts after.
 */
export async function markRead(db: Db, userId: number, input: InputOf<typeof message.markRead>) {
  const marked = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifications.recipientId, userId),
        isNull(notifications.readAt),
        input.kind ? eq(notifications.kind, input.kind) : undefined,
      ),
    )
    .returning({ id: notifications.id });
  return { marked: marked.length, counts: await unreadCounts(db, userId) };
}

import type { AccuseInfo, AccuseTargetType } from '@h5/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contents, replies, users } from '../../db/schema';
import { visibleContent } from '../content/visible';

export type AccuseTarget = AccuseInfo['target'];

/** Ids beyond int4 name nothing here (and would make PostgreSQL refuse the query). */
const MAX_ROW_ID = 2_147_483_647;

/** How much of a comment the summary card shows. */
const COMMENT_SUMMARY_CHARS = 120;

/**
 * What the user sees of a report target (content: title + cover, comment: text, user: name); null
 * when missing, taken down or hidden (moderation removed it already).
 */
export async function findAccuseTarget(
  db: Db,
  type: AccuseTargetType,
  targetId: string,
): Promise<AccuseTarget | null> {
  const id = Number(targetId);
  if (!Number.isSafeInteger(id) || id < 1 || id > MAX_ROW_ID) return null;
  const target = { type, id: String(id) };
  if (type === 'content') {
    const [row] = await db
      .select({ title: contents.title, cover: contents.coverUrl })
      .from(contents)
      .where(and(eq(contents.id, id), visibleContent));
    return row ? { ...target, title: row.title, cover: row.cover } : null;
  }
  if (type === 'comment') {
    const [row] = await db
      .select({ text: replies.content })
      .from(replies)
      .where(and(eq(replies.id, id), isNull(replies.hiddenAt)));
    return row ? { ...target, title: row.text.slice(0, COMMENT_SUMMARY_CHARS), cover: null } : null;
  }
  const [row] = await db
    .select({ name: users.userName, avatar: users.avatar })
    .from(users)
    .where(eq(users.id, id));
  return row ? { ...target, title: row.name, cover: row.avatar } : null;
}

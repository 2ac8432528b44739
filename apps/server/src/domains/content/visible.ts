import { and, desc, eq, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import type { ReadDb } from '../../db/client';
import { contents } from '../../db/schema';

/**
 * The contents anyone may see: approved by review (issue 32: a published content is pending until
 * then) and not taken down by moderation (issue 30 point 3). Every feed, the user home, the
 * detail, search and the writes on a content (light, reply) read through it, so a taken-down or
 * unreviewed content is missing everywhere, like a deleted one (内容不存在或已被删除).
 */
export const visibleContent = and(isNull(contents.takenDownAt), eq(contents.reviewState, 'approved')) as SQL;

/**
 * What `viewerId` may see: the visible contents and, for the author, their own pending or rejected
 * ones (their home shows 审核中 / 未通过; they may open them), never a taken-down one.
 */
export const contentVisibleTo = (viewerId: number | null): SQL =>
  viewerId === null
    ? visibleContent
    : (or(visibleContent, and(eq(contents.authorId, viewerId), isNull(contents.takenDownAt))) as SQL);

/** The author's own taken-down contents, newest first (their home's notices). */
export async function takenDownNotices(db: ReadDb, authorId: number) {
  const rows = await db
    .select({
      contentId: contents.id,
      title: contents.title,
      reason: contents.takenDownReason,
      at: contents.takenDownAt,
    })
    .from(contents)
    .where(and(eq(contents.authorId, authorId), isNotNull(contents.takenDownAt)))
    .orderBy(desc(contents.takenDownAt));
  return rows.map((row) => ({
    contentId: row.contentId,
    title: row.title,
    reason: row.reason ?? '',
    at: row.at?.toISOString() ?? '',
  }));
}

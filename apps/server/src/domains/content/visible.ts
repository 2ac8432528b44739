import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { ReadDb } from '../../db/client';
import { contents } from '../../db/schema';

/**
 * The contents anyone may see: not taken down by moderation (issue 30 point 3). Every feed, the
 * user home, the detail and the writes on a content (light, reply) read through it, so a
 * taken-down content is missing everywhere, like a deleted one (内容不存在或已被删除).
 */
export const visibleContent = isNull(contents.takenDownAt);

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

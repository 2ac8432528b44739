import type { LightState } from '@h5/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contentLights, contents } from '../../db/schema';
import { notFound } from '../../plugins/errors';
import { CONTENT_MESSAGES } from '../content/messages';
import { visibleContent } from '../content/visible';
import { notify } from '../message/notify';

/**
 * Sets (or clears) `userId`'s light on a content. One row per pair (primary key): the insert or
 * delete reports whether it changed anything, and only then is `light_count` moved, atomically, in
 * the same transaction, so rapid taps and concurrent users never double-count or go negative.
 * A new light tells the content's author (a 'light' message) in that transaction too.
 */
export async function setLight(
  db: Db,
  userId: number,
  contentId: number,
  light: boolean,
): Promise<LightState> {
  return db.transaction(async (tx) => {
    const [exists] = await tx
      .select({ id: contents.id, authorId: contents.authorId })
      .from(contents)
      .where(and(eq(contents.id, contentId), visibleContent));
    if (!exists) throw notFound(CONTENT_MESSAGES.notFound);
    const changed = light
      ? await tx
          .insert(contentLights)
          .values({ userId, contentId })
          .onConflictDoNothing()
          .returning({ id: contentLights.contentId })
      : await tx
          .delete(contentLights)
          .where(and(eq(contentLights.userId, userId), eq(contentLights.contentId, contentId)))
          .returning({ id: contentLights.contentId });
    const delta = changed.length === 0 ? 0 : light ? 1 : -1;
    // Only a new light tells the author; a relight after an unlight finds its message's key.
    if (delta === 1)
      await notify(tx, { kind: 'light', recipientId: exists.authorId, actorId: userId, contentId });
    const [row] = await tx
      .update(contents)
      .set({ lightCount: sql`greatest(${contents.lightCount} + ${delta}, 0)` })
      .where(eq(contents.id, contentId))
      .returning({ lightCount: contents.lightCount });
    if (!row) throw notFound(CONTENT_MESSAGES.notFound);
    return { contentId, isLight: light, lightCount: row.lightCount };
  });
}

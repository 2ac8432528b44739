import { SEARCH_RECENTS_MAX } from '@h5/contract';
import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { searchRecents } from '../../db/schema';

/**
 * Records a signed-in user's search: a repeated keyword moves to the top (one row per keyword),
 * and only the newest ten are kept.
 */
export async function recordRecent(db: Db, userId: number, keyword: string): Promise<void> {
  await db
    .insert(searchRecents)
    .values({ userId, keyword })
    .onConflictDoUpdate({
      target: [searchRecents.userId, searchRecents.keyword],
      set: { searchedAt: sql`now()` },
    });
  const kept = db
    .select({ keyword: searchRecents.keyword })
    .from(searchRecents)
    .where(eq(searchRecents.userId, userId))
    .orderBy(desc(searchRecents.searchedAt))
    .limit(SEARCH_RECENTS_MAX);
  await db
    .delete(searchRecents)
    .where(and(eq(searchRecents.userId, userId), notInArray(searchRecents.keyword, kept)));
}

/** The user's recent keywords, newest first. */
export async function listRecents(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .select({ keyword: searchRecents.keyword })
    .from(searchRecents)
    .where(eq(searchRecents.userId, userId))
    .orderBy(desc(searchRecents.searchedAt), desc(searchRecents.keyword))
    .limit(SEARCH_RECENTS_MAX);
  return rows.map((row) => row.keyword);
}

/** Forgets all of the user's recent keywords. */
export async function clearRecents(db: Db, userId: number): Promise<void> {
  await db.delete(searchRecents).where(eq(searchRecents.userId, userId));
}

import type { FeedCard, FeedPage } from '@h5/contract';
import { desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contentLights, contents, users } from '../../db/schema';
import { decodeCursor, encodeCursor } from '../content/cursor';
import { FEED_START, NO_VIEWER } from '../content/queries';

interface PageInput {
  lastId?: string | undefined;
  limit: number;
}

/**
 * One page of feed cards matching `filter` (a user's contents, a category), in the feed's
 * order and with its cursor, so the user home and the topic page draw the same FeedCard.
 */
export async function filteredFeedPage(
  db: Db,
  filter: SQL,
  input: PageInput,
  viewerId: number | null,
): Promise<FeedPage> {
  const cursor = input.lastId ? decodeCursor(input.lastId) : null;
  const beforeAt = cursor ? new Date(cursor.createdAtMs).toISOString() : FEED_START.beforeAt;
  const beforeId = cursor ? cursor.id : FEED_START.beforeId;
  const rows = await db
    .select({
      contentId: contents.id,
      contentType: contents.contentType,
      title: contents.title,
      coverUrl: contents.coverUrl,
      coverWidth: contents.coverWidth,
      coverHeight: contents.coverHeight,
      videoDuration: contents.videoDuration,
      lightCount: contents.lightCount,
      createdAt: contents.createdAt,
      authorId: users.id,
      authorName: users.userName,
      authorAvatar: users.avatar,
      isLight: sql<boolean>`exists (select 1 from ${contentLights} where ${contentLights.userId} = ${viewerId ?? NO_VIEWER} and ${contentLights.contentId} = ${contents.id})`,
    })
    .from(contents)
    .innerJoin(users, eq(users.id, contents.authorId))
    .where(
      sql`${filter} and (${contents.createdAt}, ${contents.id}) < (${beforeAt}::timestamptz, ${beforeId}::integer)`,
    )
    .orderBy(desc(contents.createdAt), desc(contents.id))
    .limit(input.limit + 1);
  const hasMore = rows.length > input.limit;
  const page = hasMore ? rows.slice(0, input.limit) : rows;
  const last = page.at(-1);
  return {
    list: page.map(
      (row): FeedCard => ({
        contentId: row.contentId,
        contentType: row.contentType as FeedCard['contentType'],
        title: row.title,
        cover:
          row.coverUrl && row.coverWidth && row.coverHeight
            ? { url: row.coverUrl, width: row.coverWidth, height: row.coverHeight }
            : null,
        videoDuration: row.videoDuration,
        author: { userId: row.authorId, userName: row.authorName, avatar: row.authorAvatar },
        lightCount: row.lightCount,
        isLight: row.isLight === true,
      }),
    ),
    lastId:
      hasMore && last ? encodeCursor({ createdAtMs: last.createdAt.getTime(), id: last.contentId }) : null,
    hasMore,
  };
}

/** A user's contents, newest first. */
export const userContentsPage = (db: Db, userId: number, input: PageInput, viewerId: number | null) =>
  filteredFeedPage(db, sql`${contents.authorId} = ${userId}`, input, viewerId);

/** A topic's contents: a tag id is a content category (contents carry no tags). */
export const tagContentsPage = (db: Db, tagId: number, input: PageInput, viewerId: number | null) =>
  filteredFeedPage(db, sql`${contents.category} = ${tagId}`, input, viewerId);

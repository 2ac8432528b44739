import type { FeedCard, FeedPage } from '@h5/contract';
import { type Placeholder, sql } from 'drizzle-orm';
import { contentLights, contents, users } from '../../db/schema';
import { decodeCursor, encodeCursor } from './cursor';

/** No viewer: the isLight subquery matches nothing. */
export const NO_VIEWER = -1;
/** Before every row: the first page's keyset bound. */
const FEED_START = { beforeAt: 'infinity', beforeId: 2_147_483_647 } as const;

/**
 * The columns of a feed card (contents joined with users), with the viewer's light. `viewer` is a
 * user id or a prepared statement's placeholder. One shape for every list of cards (feed, user
 * home, topic), so they all draw the same FeedCard.
 */
export const feedCardColumns = (viewer: number | Placeholder) => ({
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
  isLight: sql<boolean>`exists (select 1 from ${contentLights} where ${contentLights.userId} = ${viewer} and ${contentLights.contentId} = ${contents.id})`,
});

export interface CardRow {
  contentId: number;
  contentType: number;
  title: string;
  coverUrl: string | null;
  coverWidth: number | null;
  coverHeight: number | null;
  videoDuration: number | null;
  lightCount: number;
  createdAt: Date;
  authorId: number;
  authorName: string;
  authorAvatar: string;
  isLight: boolean | null;
}

/** A row of {@link feedCardColumns} as the card the waterfall draws. */
export function toCard(row: CardRow): FeedCard {
  return {
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
  };
}

/** The keyset bound after the opaque `lastId` (the first page's without one). */
export function keysetAfter(lastId: string | undefined): { beforeAt: string; beforeId: number } {
  if (!lastId) return { beforeAt: FEED_START.beforeAt, beforeId: FEED_START.beforeId };
  const cursor = decodeCursor(lastId);
  return { beforeAt: new Date(cursor.createdAtMs).toISOString(), beforeId: cursor.id };
}

/** The cursor after a row in the newest-first order. */
const newestCursor = (row: CardRow) =>
  encodeCursor({ createdAtMs: row.createdAt.getTime(), id: row.contentId });

/**
 * A page of cards from `limit + 1` rows: the extra row only says there is more. `cursorOf` gives
 * the `lastId` after a row in the list's order (newest first unless told).
 */
export function cardsPage<R extends CardRow>(
  rows: readonly R[],
  limit: number,
  cursorOf: (row: R) => string = newestCursor,
): FeedPage {
  const hasMore = rows.length > limit;
  const page = hasMore ? rows.slice(0, limit) : rows;
  const last = page.at(-1);
  return { list: page.map(toCard), lastId: hasMore && last ? cursorOf(last) : null, hasMore };
}

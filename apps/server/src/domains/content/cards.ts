import type { ContentType, FeedCard, ReviewState } from '@h5/contract';
import { type Placeholder, sql } from 'drizzle-orm';
import { contentLights, contents, users } from '../../db/schema';

/** No viewer: the isLight subquery matches nothing. */
export const NO_VIEWER = -1;

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
  reviewState: contents.reviewState,
  reviewReason: contents.reviewReason,
  isLight: sql<boolean>`exists (select 1 from ${contentLights} where ${contentLights.userId} = ${viewer} and ${contentLights.contentId} = ${contents.id})`,
});

export interface CardRow {
  contentId: number;
  contentType: ContentType;
  title: string;
  coverUrl: string | null;
  coverWidth: number | null;
  coverHeight: number | null;
  videoDuration: number | null;
  lightCount: number;
  /** Not drawn: lists read it for their cursors. */
  createdAt?: Date;
  authorId: number;
  authorName: string;
  authorAvatar: string;
  isLight: boolean | null;
  /** Absent in lists that show approved contents only. */
  reviewState?: ReviewState;
  reviewReason?: string | null;
}

/** A row of {@link feedCardColumns} as the card the waterfall draws. */
export function toCard(row: CardRow): FeedCard {
  return {
    contentId: row.contentId,
    contentType: row.contentType,
    title: row.title,
    cover:
      row.coverUrl && row.coverWidth && row.coverHeight
        ? { url: row.coverUrl, width: row.coverWidth, height: row.coverHeight }
        : null,
    videoDuration: row.videoDuration,
    author: { userId: row.authorId, userName: row.authorName, avatar: row.authorAvatar },
    lightCount: row.lightCount,
    isLight: row.isLight === true,
    // Only the author's own home lists an unapproved content (contentVisibleTo).
    ...(row.reviewState === 'pending' || row.reviewState === 'rejected'
      ? { review: { state: row.reviewState, reason: row.reviewReason ?? null } }
      : {}),
  };
}

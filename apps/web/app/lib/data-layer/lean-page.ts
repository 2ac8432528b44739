import type { FeedPage } from '@h5/contract';

/** Cards per page of the recommend feed. */
export const FEED_PAGE_SIZE = 20;

/** Only the fields a card draws: the loader's payload is embedded in the HTML (DESIGN.md §7). */
export function leanPage(page: FeedPage): FeedPage {
  return {
    lastId: page.lastId,
    hasMore: page.hasMore,
    list: page.list.map((card) => ({
      contentId: card.contentId,
      contentType: card.contentType,
      title: card.title,
      cover: card.cover ? { url: card.cover.url, width: card.cover.width, height: card.cover.height } : null,
      videoDuration: card.videoDuration,
      author: { userId: card.author.userId, userName: card.author.userName, avatar: card.author.avatar },
      lightCount: card.lightCount,
      isLight: card.isLight,
      // The author's own post under review (their home's 审核中 / 未通过).
      ...(card.review ? { review: card.review } : {}),
    })),
  };
}

import type { FeedCard, FeedPage } from '@h5/contract';

/** Cards per page of the recommend feed. */
export const FEED_PAGE_SIZE = 20;

export type FeedLoad = 'first' | 'more' | 'refresh';

export interface FeedState {
  cards: FeedCard[];
  lastId: string | null;
  hasMore: boolean;
  /** The load in flight, if any. */
  loading: FeedLoad | null;
  /** The load that failed last, cleared when a load starts. */
  failed: FeedLoad | null;
}

export type FeedAction =
  | { type: 'start'; load: FeedLoad }
  | { type: 'done'; load: FeedLoad; page: FeedPage }
  | { type: 'fail'; load: FeedLoad };

/** State from the server's prefetch, or the client-rendering fallback (loads page 1 on mount). */
export function initialFeedState(prefetched: FeedPage | null): FeedState {
  if (!prefetched) return { cards: [], lastId: null, hasMore: true, loading: 'first', failed: null };
  return {
    cards: appendUnique([], prefetched.list),
    lastId: prefetched.lastId,
    hasMore: prefetched.hasMore,
    loading: null,
    failed: null,
  };
}

/** `existing` followed by the cards of `incoming` not already shown (by contentId). */
export function appendUnique(existing: readonly FeedCard[], incoming: readonly FeedCard[]): FeedCard[] {
  const seen = new Set(existing.map((card) => card.contentId));
  const out = [...existing];
  for (const card of incoming) {
    if (seen.has(card.contentId)) continue;
    seen.add(card.contentId);
    out.push(card);
  }
  return out;
}

export function feedReducer(state: FeedState, action: FeedAction): FeedState {
  switch (action.type) {
    case 'start':
      return { ...state, loading: action.load, failed: null };
    case 'fail':
      return { ...state, loading: null, failed: action.load };
    case 'done': {
      const { page } = action;
      const cards =
        action.load === 'more' ? appendUnique(state.cards, page.list) : appendUnique([], page.list);
      // A page that adds nothing new cannot advance the feed: stop rather than loop on it.
      const stalled = action.load === 'more' && cards.length === state.cards.length;
      return {
        cards,
        lastId: page.lastId,
        hasMore: page.hasMore && page.lastId !== null && !stalled,
        loading: null,
        failed: null,
      };
    }
  }
}

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
    })),
  };
}

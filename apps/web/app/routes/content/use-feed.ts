import type { FeedPage } from '@h5/contract';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useApi } from '../../lib/use-api';
import { FEED_PAGE_SIZE, type FeedLoad, feedReducer, initialFeedState } from './feed-state';

/**
 * The recommend feed's state: starts from the server prefetch, or (prefetch timed out or
 * failed) loads page 1 on mount — the client-rendering fallback of spec §4. The one place
 * that fetches the feed in the browser.
 */
export function useFeed(prefetched: FeedPage | null) {
  const api = useApi();
  const [state, dispatch] = useReducer(feedReducer, prefetched, initialFeedState);
  // Each load gets a number; an answer to anything but the latest load is dropped.
  const latest = useRef(0);
  const stateRef = useRef(state);
  stateRef.current = state;

  const load = useCallback(
    async (kind: FeedLoad) => {
      const ticket = ++latest.current;
      dispatch({ type: 'start', load: kind });
      const lastId = kind === 'more' ? (stateRef.current.lastId ?? undefined) : undefined;
      try {
        const page = await api((c) => c.content.moreRecommend, { limit: FEED_PAGE_SIZE, lastId });
        if (ticket === latest.current) dispatch({ type: 'done', load: kind, page });
      } catch (error) {
        console.warn(`feed ${kind} load failed`, error);
        if (ticket === latest.current) dispatch({ type: 'fail', load: kind });
      }
    },
    [api],
  );

  const hadPrefetch = useRef(prefetched !== null);
  useEffect(() => {
    if (!hadPrefetch.current) void load('first');
  }, [load]);

  const loadMore = useCallback(() => {
    const current = stateRef.current;
    if (current.loading || !current.hasMore || current.failed === 'more') return;
    void load('more');
  }, [load]);
  const retryMore = useCallback(() => void load('more'), [load]);
  const reload = useCallback(
    () => void load(stateRef.current.cards.length > 0 ? 'refresh' : 'first'),
    [load],
  );

  return { state, loadMore, retryMore, reload };
}

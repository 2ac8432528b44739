import type { FeedCard } from '@h5/contract';
import { useCallback, useEffect, useRef, useState } from 'react';

/** A page of a feed-shaped call: cards (a FeedCard, perhaps with more) and the cursor. */
export interface CardPage<C extends FeedCard = FeedCard> {
  list: C[];
  lastId: string | null;
  hasMore: boolean;
}

/** A list of feed cards loaded page by page; `first` is the loader's page when it had one. */
export interface CardPages<C extends FeedCard = FeedCard> {
  cards: C[];
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
}

/**
 * Cursor paging over a feed-shaped call (user contents, topic contents): the loader's first
 * page if any, else page 1 in the browser; `more()` appends the next page once at a time.
 */
export function useCardPages<C extends FeedCard = FeedCard>(
  first: CardPage<C> | null,
  fetchPage: (lastId?: string) => Promise<CardPage<C>>,
) {
  const [state, setState] = useState<CardPages<C>>({
    cards: first?.list ?? [],
    hasMore: first?.hasMore ?? true,
    loading: first === null,
    failed: false,
  });
  const cursor = useRef<string | null>(first?.lastId ?? null);
  const busy = useRef(false);
  const fetcher = useRef(fetchPage);
  fetcher.current = fetchPage;

  const load = useCallback(async (reset: boolean) => {
    if (busy.current) return;
    busy.current = true;
    setState((s) => ({ ...s, loading: true, failed: false }));
    try {
      const page = await fetcher.current(reset ? undefined : (cursor.current ?? undefined));
      cursor.current = page.lastId;
      setState((s) => ({
        cards: reset ? page.list : [...s.cards, ...page.list],
        hasMore: page.hasMore,
        loading: false,
        failed: false,
      }));
    } catch {
      setState((s) => ({ ...s, loading: false, failed: true }));
    } finally {
      busy.current = false;
    }
  }, []);

  const initial = useRef(first);
  useEffect(() => {
    if (initial.current === null) void load(true);
  }, [load]);

  return {
    state,
    more: useCallback(() => load(false), [load]),
    reload: useCallback(() => load(true), [load]),
  };
}

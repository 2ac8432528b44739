import { useCallback, useEffect, useRef, useState } from 'react';

/** A page of a cursor-paged call (contract `pageOf`): the items and the cursor after them. */
export interface Page<T> {
  list: T[];
  lastId: string | null;
  hasMore: boolean;
}

/** A list loaded page by page. */
export interface PagedList<T> {
  items: T[];
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
}

/**
 * Cursor paging over a `pageOf` call (user contents, topic contents, followings…): the loader's
 * first page if any, else page 1 in the browser; `more()` appends the next page once at a time.
 */
export function usePagedList<T>(first: Page<T> | null, fetchPage: (lastId?: string) => Promise<Page<T>>) {
  const [state, setState] = useState<PagedList<T>>({
    items: first?.list ?? [],
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
        items: reset ? page.list : [...s.items, ...page.list],
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

  const more = useCallback(() => load(false), [load]);
  const reload = useCallback(() => load(true), [load]);
  return { state, more, reload } satisfies PagedListHandle<T>;
}

/** A paged list and its two actions: the next page, and page 1 again. */
export interface PagedListHandle<T> {
  state: PagedList<T>;
  more: () => void;
  reload: () => void;
}

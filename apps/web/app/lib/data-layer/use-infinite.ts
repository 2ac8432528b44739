import type { Page } from '@h5/contract';
import { useEffect, useMemo } from 'react';
import type { LazyApi } from '../api-client';
import { useApi } from '../use-api';
import { onInvalidate, peek, put, useCached } from './cache';
import { type EntryName, type InputOf, keyOf, type OutputOf } from './entry';

export type ListLoad = 'first' | 'more' | 'refresh';

/** An infinite list as the cache holds it. */
export interface ListState<T, P extends Page<T> = Page<T>> {
  items: T[];
  /** The latest page (its cursor and any extra fields, e.g. a reply page's total). */
  last: P | null;
  hasMore: boolean;
  /** The load in flight, if any. */
  loading: ListLoad | null;
  /** The load that failed last, cleared when a load starts. */
  failed: ListLoad | null;
}

type Paged = { [N in EntryName]: OutputOf<N> extends Page<unknown> ? N : never }[EntryName];
type ItemOf<N extends Paged> = OutputOf<N> extends Page<infer T> ? T : never;
/** An entry's input without its cursor: what names the list. */
export type ListInput<N extends Paged> = Omit<InputOf<N>, 'lastId'>;

/** The state a loader's first page (or its absence: the browser loads page 1) starts a list at. */
export function seededList<T, P extends Page<T>>(
  seed: P | null,
  idOf: (item: T) => unknown,
): ListState<T, P> {
  if (!seed) return { items: [], last: null, hasMore: true, loading: 'first', failed: null };
  return {
    items: appendUnique([], seed.list, idOf),
    last: seed,
    hasMore: seed.hasMore,
    loading: null,
    failed: null,
  };
}

/** `existing` followed by the items of `incoming` not already there (by `idOf`). */
export function appendUnique<T>(
  existing: readonly T[],
  incoming: readonly T[],
  idOf: (item: T) => unknown,
): T[] {
  const seen = new Set(existing.map(idOf));
  const out = [...existing];
  for (const item of incoming) {
    const id = idOf(item);
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(item);
  }
  return out;
}

/** The next state after a page came in. A page that adds nothing new stops the list. */
export function withPage<T, P extends Page<T>>(
  state: ListState<T, P>,
  load: ListLoad,
  page: P,
  idOf: (item: T) => unknown,
): ListState<T, P> {
  const items =
    load === 'more' ? appendUnique(state.items, page.list, idOf) : appendUnique([], page.list, idOf);
  const stalled = load === 'more' && items.length === state.items.length;
  return {
    items,
    last: page,
    hasMore: page.hasMore && page.lastId !== null && !stalled,
    loading: null,
    failed: null,
  };
}

/** Each key's latest load: an answer to anything but the latest is dropped. */
const tickets = new Map<string, number>();

async function loadPage<T>(
  api: LazyApi,
  name: Paged,
  input: object,
  load: ListLoad,
  idOf: (item: T) => unknown,
) {
  const key = keyOf(name, input);
  const ticket = (tickets.get(key) ?? 0) + 1;
  tickets.set(key, ticket);
  const before = peek<ListState<T>>(key) ?? seededList<T, Page<T>>(null, idOf);
  put(key, { ...before, loading: load, failed: null });
  const lastId = load === 'more' ? (before.last?.lastId ?? undefined) : undefined;
  let after: (now: ListState<T>) => ListState<T>;
  try {
    const page = (await api(name, { ...input, lastId } as never)) as Page<T>;
    after = (now) => withPage(now, load, page, idOf);
  } catch (error) {
    console.warn(name, load, error);
    after = (now) => ({ ...now, loading: null, failed: load });
  }
  const now = peek<ListState<T>>(key);
  if (tickets.get(key) === ticket && now) put(key, after(now));
}

/**
 * An infinite list of a cursor-paged contract entry (decision record 016): seeded from the
 * loader's first page, else page 1 loaded in the browser; kept in the cache across client
 * navigations, so back shows the same pages. `refresh` (pull-to-refresh) and `invalidate` put a
 * fresh page 1.
 */
export function useInfinite<N extends Paged>(
  name: N,
  input: ListInput<N>,
  seed: (OutputOf<N> & Page<ItemOf<N>>) | null,
  idOf: (item: ItemOf<N>) => unknown,
) {
  const api = useApi();
  const key = keyOf(name, input);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the seed belongs to its key
  const seeded = useMemo(() => seededList(seed, idOf), [key]);
  // The seed itself until the cache holds the list: storing it then changes nothing on screen.
  const state: ListState<ItemOf<N>, OutputOf<N> & Page<ItemOf<N>>> = useCached(key, seeded);
  // Callers' handlers (scroll sentinel, pull-to-refresh) keep the latest of these in a ref.
  const run = (load: ListLoad) => void loadPage(api, name, input, load, idOf);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per list (key)
  useEffect(() => {
    if (peek(key)) return;
    if (seed) put(key, seeded);
    else run('first');
  }, [key]);
  // An invalidated list on screen loads its first page again, keeping what it shows meanwhile.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per list (key)
  useEffect(
    () =>
      onInvalidate(key, () => run((peek<typeof state>(key)?.items.length ?? 0) > 0 ? 'refresh' : 'first')),
    [key],
  );

  return {
    state,
    /** The next page, unless one is loading, the end is reached, or the last one failed (`force` retries it). */
    loadMore: (force?: boolean) => {
      const now = peek<typeof state>(key) ?? state;
      if (force || !(now.loading || !now.hasMore || now.failed === 'more')) run('more');
    },
    refresh: () => run(state.items.length > 0 ? 'refresh' : 'first'),
  };
}

/** A list on screen and its two actions (what `useInfinite` returns). */
export interface InfiniteList<T> {
  state: ListState<T>;
  loadMore: (force?: boolean) => void;
  refresh: () => void;
}

/** Changes a cached list in place (a posted or deleted comment); nothing when it is not cached. */
export function editList<N extends Paged>(
  name: N,
  input: ListInput<N>,
  edit: (
    state: ListState<ItemOf<N>, OutputOf<N> & Page<ItemOf<N>>>,
  ) => ListState<ItemOf<N>, OutputOf<N> & Page<ItemOf<N>>>,
) {
  const key = keyOf(name, input);
  const now = peek<ListState<ItemOf<N>, OutputOf<N> & Page<ItemOf<N>>>>(key);
  if (now) put(key, edit(now));
}

/** For a route's `clientLoader`: whether the list is cached, so back needs no request. */
export const isCached = <N extends Paged>(name: N, input: ListInput<N>) =>
  peek(keyOf(name, input)) !== undefined;

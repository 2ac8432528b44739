import type { CallOptions } from '@h5/request';
import { useCallback, useEffect, useRef } from 'react';
import type { LazyApi } from '../api-client';
import { isNotFoundError } from '../not-found';
import { useApi } from '../use-api';
import { onInvalidate, peek, put, useCached } from './cache';
import { type EntryName, type InputOf, keyOf, type OutputOf } from './entry';

/** One value of an entry as the cache holds it: the data, still loading, missing, or a failed load. */
export type EntryState<T> =
  | { status: 'ready'; data: T }
  | { status: 'loading' | 'missing' }
  | { status: 'failed'; error: unknown };

const tickets = new Map<string, number>();

async function load<N extends EntryName>(api: LazyApi, name: N, input: InputOf<N>, options?: CallOptions) {
  const key = keyOf(name, input);
  const ticket = (tickets.get(key) ?? 0) + 1;
  tickets.set(key, ticket);
  // A value on screen stays while its fresh one loads (a pull, an invalidation after a write):
  // no skeleton flashing over what the reader was looking at.
  if (peek<EntryState<OutputOf<N>>>(key)?.status !== 'ready')
    put<EntryState<OutputOf<N>>>(key, { status: 'loading' });
  let next: EntryState<OutputOf<N>>;
  try {
    next = { status: 'ready', data: (await api(name, input, options)) as OutputOf<N> };
  } catch (error) {
    next = isNotFoundError(error) ? { status: 'missing' } : { status: 'failed', error };
  }
  if (tickets.get(key) === ticket) put(key, next);
}

/** An entry's cached value when it is ready: a client loader answers from it without the server. */
export function cachedEntry<N extends EntryName>(name: N, input: InputOf<N>): OutputOf<N> | undefined {
  const state = peek<EntryState<OutputOf<N>>>(keyOf(name, input as object));
  return state?.status === 'ready' ? state.data : undefined;
}

/**
 * What a reader shows (decision record 016): the loader's seed, just fetched, over an older
 * cached copy, until the cache moves on from the value it held when the seed arrived (a reload,
 * an invalidation, a write's `put`); then the cache; with neither, loading.
 */
export function shownEntry<T>(
  seed: T | null,
  cached: EntryState<T> | undefined,
  cachedAtSeed: EntryState<T> | undefined,
): EntryState<T> {
  const seeded: EntryState<T> = seed ? { status: 'ready', data: seed } : { status: 'loading' };
  const later = cached !== undefined && cached !== cachedAtSeed;
  return seed && !later ? seeded : (cached ?? seeded);
}

/**
 * One value of a contract entry: the loader's data as the seed until the cache moves on from it
 * (`shownEntry`), else the cached value, else (the prefetch timed out) loaded in the browser;
 * cached across client navigations, and loaded again while on screen when `invalidate` names it.
 */
export function useEntry<N extends EntryName>(
  name: N,
  input: InputOf<N>,
  seed: OutputOf<N> | null,
  options?: CallOptions,
) {
  const api = useApi();
  const key = keyOf(name, input as object);
  const cached = useCached<EntryState<OutputOf<N>>>(key);
  // What the cache held when this seed arrived: anything put since (the seed itself, a reload's
  // answer, a write's) speaks; before that the seed does, over an older cached copy.
  const atSeed = useRef<[OutputOf<N> | null, EntryState<OutputOf<N>> | undefined] | null>(null);
  if (atSeed.current?.[0] !== seed) atSeed.current = [seed, cached];
  const shown = shownEntry(seed, cached, atSeed.current[1]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: one input per key
  const reload = useCallback(() => void load(api, name, input, options), [api, key]);
  useEffect(() => {
    if (seed) put<EntryState<OutputOf<N>>>(key, { status: 'ready', data: seed });
    else if (!peek(key)) reload();
  }, [key, seed, reload]);
  useEffect(() => onInvalidate(key, reload), [key, reload]);
  return [shown, reload] as const;
}

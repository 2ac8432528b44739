import type { CallOptions } from '@h5/request';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { LazyApi } from '../api-client';
import { isNotFoundError } from '../not-found';
import { useApi } from '../use-api';
import { peek, put, useCached } from './cache';
import { type EntryName, type InputOf, keyOf, type OutputOf, pickOf } from './entry';

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
  put<EntryState<OutputOf<N>>>(key, { status: 'loading' });
  let next: EntryState<OutputOf<N>>;
  try {
    next = { status: 'ready', data: (await api(pickOf(name), input, options)) as OutputOf<N> };
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
 * One value of a contract entry (decision record 005): the loader's data as the seed (just
 * fetched, so it wins over a cached copy and replaces it) until the cache moves on from it (a
 * `reload`, a pull to refresh, a write's `put`), else the cached value, else (the prefetch timed
 * out) loaded in the browser; cached across client navigations.
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
  const seeded = useMemo(
    (): EntryState<OutputOf<N>> => (seed ? { status: 'ready', data: seed } : { status: 'loading' }),
    [seed],
  );
  // What the cache held when this seed arrived: anything put since (the seed itself, a reload's
  // answer, a write's) speaks; before that the seed does, over an older cached copy.
  const atSeed = useRef<unknown[]>([]);
  if (atSeed.current[0] !== seed) atSeed.current = [seed, cached];
  const later = cached && cached !== atSeed.current[1];
  // biome-ignore lint/correctness/useExhaustiveDependencies: one input per key
  const reload = useCallback(() => void load(api, name, input, options), [api, key]);
  useEffect(() => {
    if (seed) put(key, seeded);
    else if (!peek(key)) reload();
  }, [key, seed, seeded, reload]);
  return [seed && !later ? seeded : (cached ?? seeded), reload] as const;
}

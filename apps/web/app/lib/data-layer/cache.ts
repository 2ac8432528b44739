import type { DomainName, EntryName } from '@h5/contract';
import { useCallback, useSyncExternalStore } from 'react';

/**
 * The browser's one data cache (decision record 016): entries by key (`keyOf`), kept across
 * client navigations and gone on a reload. Only the browser writes it; the server render reads
 * the loader's seed, so one reader's data never reaches another's page.
 */
const entries = new Map<string, unknown>();
const listeners = new Map<string, Set<() => void>>();
/** Per key, how its readers on screen load it again (useEntry's reload, useInfinite's refresh). */
const reloaders = new Map<string, Set<() => void>>();

/** The cached value of a key, if any. */
export function peek<T>(key: string): T | undefined {
  return entries.get(key) as T | undefined;
}

/** Stores a value and tells the key's readers. Browser only. */
export function put<T>(key: string, value: T): void {
  if (import.meta.env.SSR) return;
  entries.set(key, value);
  for (const listener of listeners.get(key) ?? []) listener();
}

/** The keys of one entry (`'live.fansGroupInfo'`, every input) or of a whole domain (`'live'`). */
const matches = (target: EntryName | DomainName) => {
  const prefix = target.includes('.') ? `${target}{` : `${target}.`;
  return (key: string) => key.startsWith(prefix);
};

/**
 * Marks an entry's values, or a domain's, stale after a write: a key with a reader on screen
 * loads again at once (its reader shows the answer), any other is dropped (its next reader loads
 * it). One call per write; nothing to remount, no reload chain.
 */
export function invalidate(target: EntryName | DomainName): void {
  const stale = matches(target);
  for (const key of [...entries.keys()]) {
    if (!stale(key)) continue;
    const [reload] = reloaders.get(key) ?? [];
    if (reload) reload();
    else entries.delete(key);
  }
}

/** Registers how a reader on screen loads `key` again when it is invalidated; returns the undo. */
export function onInvalidate(key: string, reload: () => void): () => void {
  const set = reloaders.get(key) ?? new Set();
  reloaders.set(key, set);
  set.add(reload);
  return () => {
    set.delete(reload);
    if (set.size === 0) reloaders.delete(key);
  };
}

function subscribe(key: string, listener: () => void) {
  const set = listeners.get(key) ?? new Set();
  listeners.set(key, set);
  set.add(listener);
  return () => {
    set.delete(listener);
  };
}

/**
 * The cached value of a key, re-rendering on change; `fallback` (one object per key) while the
 * key holds nothing, and in the server render and hydration. A reader that later stores that very
 * object under the key (a list seeded from its loader) so renders nothing again: with undefined
 * there, the store's change re-rendered the whole feed synchronously right after hydration, one
 * long task (docs/performance.md, Lighthouse).
 */
export function useCached<T>(key: string): T | undefined;
export function useCached<T>(key: string, fallback: T): T;
export function useCached<T>(key: string, fallback?: T): T | undefined {
  const sub = useCallback((listener: () => void) => subscribe(key, listener), [key]);
  const get = useCallback(() => peek<T>(key) ?? fallback, [key, fallback]);
  const server = useCallback(() => fallback, [fallback]);
  return useSyncExternalStore(sub, get, server);
}

import { useCallback, useSyncExternalStore } from 'react';

/**
 * The browser's one data cache (decision record 005): entries by key (`keyOf`), kept across
 * client navigations and gone on a reload. Only the browser writes it; the server render reads
 * the loader's seed, so one reader's data never reaches another's page.
 */
const entries = new Map<string, unknown>();
const listeners = new Map<string, Set<() => void>>();

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

/** Drops every entry whose key starts with `prefix` (an entry name): its next reader fetches. */
export function invalidate(prefix: string): void {
  for (const key of [...entries.keys()]) if (key.startsWith(prefix)) entries.delete(key);
}

function subscribe(key: string, listener: () => void) {
  const set = listeners.get(key) ?? new Set();
  listeners.set(key, set);
  set.add(listener);
  return () => {
    set.delete(listener);
  };
}

const none = () => undefined;

/** The cached value of a key, re-rendering on change; undefined in the server render and hydration. */
export function useCached<T>(key: string): T | undefined {
  const sub = useCallback((listener: () => void) => subscribe(key, listener), [key]);
  const get = useCallback(() => peek<T>(key), [key]);
  return useSyncExternalStore(sub, get, none);
}

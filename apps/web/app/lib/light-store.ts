import { useSyncExternalStore } from 'react';

/** A content's light as the viewer last set it on any screen. */
export interface LightEntry {
  isLight: boolean;
  lightCount: number;
}

const entries = new Map<number, LightEntry>();
const listeners = new Set<() => void>();

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * Records the viewer's light on a content (optimistic or confirmed), so every card of that content
 * on screen or kept in a list shows it at once. In memory only: a reload reads the server again.
 */
export function publishLight(contentId: number, entry: LightEntry): void {
  const current = entries.get(contentId);
  if (current?.isLight === entry.isLight && current.lightCount === entry.lightCount) return;
  entries.set(contentId, entry);
  for (const listener of listeners) listener();
}

/** The latest light published for the content this session, else `fallback` (the list's data). */
export function useLightOf(contentId: number, fallback: LightEntry): LightEntry {
  const entry = useSyncExternalStore(
    subscribe,
    () => entries.get(contentId),
    () => undefined,
  );
  return entry ?? fallback;
}

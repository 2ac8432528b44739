// Issue 28 point 10: the one place a lazily loaded feature shows a sheet over the page (the share
// panel), inside the page's React tree (Layers.tsx renders it), so no second React root is
// needed (react-dom's createRoot would add to every page's first-load JS).
import type { ReactNode } from 'react';

let shown: ReactNode = null;
const listeners = new Set<() => void>();

/** Shows `sheet` over the page (null: none), replacing the one shown. */
export function showSheet(sheet: ReactNode): void {
  shown = sheet;
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore: the sheet shown and its changes. */
export const sheetStore = {
  get: (): ReactNode => shown,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

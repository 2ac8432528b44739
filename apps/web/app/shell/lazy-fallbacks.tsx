import { lazy } from 'react';

// The error page, the root error boundary and the placeholder block show only when something is
// missing, loading or failed: not first-load JS (DESIGN.md §8 budget) but one chunk of their own,
// which the root fetches right after hydration (`preloadFallbacks`), so a failure later on (even
// with the network gone) still finds them. A server-rendered one hydrates once the chunk has
// arrived; their styles are in the shell's stylesheet (vite.config.ts), so it paints styled first.
const loadFallbacks = () => import('./fallbacks');

/**
 * Fetches the fallbacks' chunk ahead of need (after hydration); in the browser, its import also
 * fetches the reachable pages' route modules (fallbacks.ts, warm-routes.ts).
 */
export function preloadFallbacks(): void {
  loadFallbacks().catch(() => undefined);
}

/** The root error boundary (RootErrorBoundary.tsx), from the fallbacks' chunk. */
export const LazyRootErrorBoundary = lazy(() =>
  loadFallbacks().then((m) => ({ default: m.RootErrorBoundary })),
);

/** The error page (ErrorPage.tsx), from the fallbacks' chunk. */
export const LazyErrorPage = lazy(() => loadFallbacks().then((m) => ({ default: m.ErrorPage })));

/** The placeholder block (PlaceholderBlock.tsx), from the fallbacks' chunk. */
export const LazyPlaceholderBlock = lazy(() =>
  loadFallbacks().then((m) => ({ default: m.PlaceholderBlock })),
);

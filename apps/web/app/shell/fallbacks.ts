// One chunk for the shell's screens of something missing or failed (lazy-fallbacks.tsx).
import { warmRoutes } from './warm-routes';

export { ErrorPage } from './ErrorPage';
export { PlaceholderBlock } from './PlaceholderBlock';
export { RootErrorBoundary } from './RootErrorBoundary';

// Run on import, not called from the shell: the shell chunk (first-load JS, DESIGN.md §8) stays
// as it was. The browser imports this chunk right after hydration (root.tsx); package.json lists
// this file under `sideEffects`, or the bundler would drop the call.
if (typeof window !== 'undefined') warmRoutes();

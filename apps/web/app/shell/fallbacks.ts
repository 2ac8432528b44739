// One chunk for the shell's screens of something missing or failed (lazy-fallbacks.tsx).
export { ErrorPage } from './ErrorPage';
export { PlaceholderBlock } from './PlaceholderBlock';
export { RootErrorBoundary } from './RootErrorBoundary';

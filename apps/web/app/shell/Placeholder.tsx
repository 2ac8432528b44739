import { Suspense } from 'react';
import { LazyPlaceholderBlock } from './lazy-fallbacks';
import type { PlaceholderProps } from './PlaceholderBlock';

export type { PlaceholderType } from './PlaceholderBlock';

/**
 * The placeholder block of spec §2 (empty, networkError with a retry button, loading), from the
 * lazily loaded fallbacks' chunk (lazy-fallbacks.tsx): nothing shows until it has arrived.
 */
export function Placeholder(props: PlaceholderProps) {
  return (
    <Suspense fallback={null}>
      <LazyPlaceholderBlock {...props} />
    </Suspense>
  );
}

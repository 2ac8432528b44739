import type { ReactNode } from 'react';
import type { EntryState } from '../lib/data-layer/use-entry';
import { Placeholder } from './Placeholder';
import styles from './screen.module.css';

export interface EntryViewProps<T> {
  state: EntryState<T>;
  /** The network-error block's retry (the entry's reload). */
  onRetry: () => void;
  /** While loading (default: one card-high skeleton). */
  skeleton?: ReactNode;
  skeletonTestId?: string;
  /** What a missing entry says (default: the spec's empty text), with a way home. */
  missing?: string;
  /**
   * A refusal the user should read (a business code: not a host, not invited) instead of the
   * network-error block (`businessRefusal`); null for the block.
   */
  refusal?: (failure: unknown) => string | null;
  children: (data: T) => ReactNode;
}

/**
 * One entry on screen (issue 27 point 3): its data, or the skeleton, the empty block of a missing
 * entry, a refusal's sentence, or the network-error block with a retry — the same four states on
 * every screen and card.
 */
export function EntryView<T>({
  state,
  onRetry,
  skeleton,
  skeletonTestId,
  missing,
  refusal,
  children,
}: EntryViewProps<T>) {
  switch (state.status) {
    case 'ready':
      return <>{children(state.data)}</>;
    case 'loading':
      return <>{skeleton ?? <Skeleton testId={skeletonTestId} />}</>;
    case 'missing':
      return <Placeholder type="empty" text={missing} home />;
  }
  const said = refusal?.(state.error);
  return said ? (
    <Placeholder type="empty" text={said} home />
  ) : (
    <Placeholder type="networkError" onRetry={onRetry} />
  );
}

/** Grey blocks standing for cards while they load, as high as the cards they stand for. */
export function Skeleton({
  height,
  testId,
  count = 1,
}: {
  height?: number;
  testId?: string;
  count?: number;
}) {
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders that never reorder
          key={i}
          className={styles.skeleton}
          style={{ height }}
          aria-hidden="true"
          data-testid={i === 0 ? testId : undefined}
        />
      ))}
    </>
  );
}

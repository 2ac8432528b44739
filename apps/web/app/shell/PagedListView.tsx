import { type ReactNode, useRef } from 'react';
import type { InfiniteList } from '../lib/data-layer/use-infinite';
import { SOCIAL_TEXT } from '../lib/ui-text/social';
import { useInfiniteScroll } from '../lib/use-infinite-scroll';
import styles from './list-page.module.css';
import { Placeholder } from './Placeholder';
import type { PlaceholderAction } from './PlaceholderBlock';

/**
 * A paged list on screen: the loading, error and empty states of its first page, its items,
 * then a footer that loads the next page when scrolled to (with its own loading and retry) and
 * says when the list has ended.
 */
export function PagedListView<T>({
  list,
  emptyText,
  emptyAction,
  skeleton,
  children,
}: {
  list: InfiniteList<T>;
  /** Said by the empty placeholder in place of its text. */
  emptyText?: string;
  /** The empty list's way forward (去分享, a first post), in place of the way home. */
  emptyAction?: PlaceholderAction;
  /** Drawn while the first page is on its way (issue 14 point 3), in place of the spinner. */
  skeleton?: ReactNode;
  children: (items: T[]) => ReactNode;
}) {
  const { state, loadMore, refresh } = list;
  const sentinel = useRef<HTMLDivElement>(null);
  useInfiniteScroll(
    sentinel,
    state.items.length > 0 && state.hasMore && !state.failed && !state.loading,
    loadMore,
  );
  if (state.items.length === 0) {
    if (state.loading) return skeleton ?? <Placeholder type="loading" />;
    if (state.failed) return <Placeholder type="networkError" onRetry={refresh} />;
    return <Placeholder type="empty" text={emptyText} home action={emptyAction} />;
  }
  return (
    <>
      {children(state.items)}
      <div ref={sentinel} className={styles.footer}>
        {state.loading ? <Placeholder type="loading" compact /> : null}
        {state.failed ? <Placeholder type="networkError" compact onRetry={() => loadMore(true)} /> : null}
        {!state.hasMore && !state.loading ? <p className={styles.end}>{SOCIAL_TEXT.end}</p> : null}
      </div>
    </>
  );
}

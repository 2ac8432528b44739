import type { FeedCard } from '@h5/contract';
import { type ReactNode, useRef } from 'react';
import { SOCIAL_TEXT } from '../../lib/ui-text/social';
import { Placeholder } from '../../shell/Placeholder';
import { FeedGrid } from '../content/FeedGrid';
import { useInfiniteScroll } from '../content/use-infinite-scroll';
import styles from './social.module.css';
import type { PagedList } from './use-paged-list';

/** The feed's two-column waterfall over a paged list, with its loading, empty and error states. */
export function CardList<C extends FeedCard>({
  state,
  more,
  reload,
  extra,
}: {
  state: PagedList<C>;
  more: () => void;
  reload: () => void;
  /** More for a card, under its author line (the new-commodity product). */
  extra?: (card: C) => ReactNode;
}) {
  const sentinel = useRef<HTMLDivElement>(null);
  useInfiniteScroll(
    sentinel,
    state.items.length > 0 && state.hasMore && !state.failed && !state.loading,
    more,
  );
  if (state.items.length === 0) {
    if (state.loading) return <Placeholder type="loading" />;
    if (state.failed) return <Placeholder type="networkError" onRetry={reload} />;
    return <Placeholder type="empty" />;
  }
  return (
    <>
      <FeedGrid cards={state.items} extra={extra} />
      <div ref={sentinel} className={styles.footer}>
        {state.loading ? <Placeholder type="loading" compact /> : null}
        {state.failed ? <Placeholder type="networkError" compact onRetry={more} /> : null}
        {!state.hasMore && !state.loading ? <p className={styles.end}>{SOCIAL_TEXT.end}</p> : null}
      </div>
    </>
  );
}

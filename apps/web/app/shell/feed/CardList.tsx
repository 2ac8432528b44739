import type { FeedCard } from '@h5/contract';
import type { ReactNode } from 'react';
import type { InfiniteList } from '../../lib/data-layer/use-infinite';
import { PagedListView } from '../PagedListView';
import type { PlaceholderAction } from '../PlaceholderBlock';
import { FeedGrid } from './FeedGrid';
import { FeedSkeleton } from './FeedSkeleton';

/** The feed's two-column waterfall over a paged list, with its skeleton, empty and error states. */
export function CardList<C extends FeedCard>({
  list,
  extra,
  emptyText,
  emptyAction,
}: {
  list: InfiniteList<C>;
  /** More for a card, under its author line (the new-commodity product). */
  extra?: (card: C) => ReactNode;
  emptyText?: string;
  emptyAction?: PlaceholderAction;
}) {
  return (
    <PagedListView list={list} skeleton={<FeedSkeleton />} emptyText={emptyText} emptyAction={emptyAction}>
      {(cards) => <FeedGrid cards={cards} extra={extra} />}
    </PagedListView>
  );
}

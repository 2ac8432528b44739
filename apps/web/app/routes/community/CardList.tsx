import type { FeedCard } from '@h5/contract';
import type { ReactNode } from 'react';
import { FeedGrid } from '../content/FeedGrid';
import { PagedListView } from './PagedListView';
import type { PagedListHandle } from './use-paged-list';

/** The feed's two-column waterfall over a paged list, with its loading, empty and error states. */
export function CardList<C extends FeedCard>({
  list,
  extra,
}: {
  list: PagedListHandle<C>;
  /** More for a card, under its author line (the new-commodity product). */
  extra?: (card: C) => ReactNode;
}) {
  return <PagedListView list={list}>{(cards) => <FeedGrid cards={cards} extra={extra} />}</PagedListView>;
}

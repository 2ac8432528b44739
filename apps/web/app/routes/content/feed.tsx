import { useRef } from 'react';
import { FEED_PAGE_SIZE, leanPage } from '../../lib/data-layer/lean-page';
import { isCached, useInfinite } from '../../lib/data-layer/use-infinite';
import { prefetch } from '../../lib/prefetch.server';
import { useRootData } from '../../lib/root-data';
import { FEED_TEXT } from '../../lib/ui-text/feed';
import { SHELL_TEXT } from '../../lib/ui-text/shell';
import { useInfiniteScroll } from '../../lib/use-infinite-scroll';
import { PublishEntryLoader } from '../../shell/community/PublishEntryLoader';
import { FeedGrid } from '../../shell/feed/FeedGrid';
import { FeedSkeleton } from '../../shell/feed/FeedSkeleton';
import styles from '../../shell/list-page.module.css';
import { Placeholder } from '../../shell/Placeholder';
import { PullIndicator } from '../../shell/PullIndicator';
import { usePullToRefresh } from '../../shell/use-pull-to-refresh';
import type { Route } from './+types/feed';
import { TopBar } from './TopBar';

/**
 * SSR prefetch of page 1, raced against the prefetch timeout (spec §4): on time-out or error
 * the loader returns `feed: null` and the page loads page 1 in the browser instead.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const result = await prefetch(context, 'content.moreRecommend', FEED_INPUT);
  return { feed: result.ok ? leanPage(result.data) : null };
}

const FEED_INPUT = { limit: FEED_PAGE_SIZE };
const cardId = (card: { contentId: number }) => card.contentId;

/** Back to the feed answers from the cache: no request for page 1 (decision record 005). */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  if (isCached('content.moreRecommend', FEED_INPUT)) return { feed: null };
  return serverLoader();
}

export const meta: Route.MetaFunction = () => [
  { title: `${FEED_TEXT.title} · ${SHELL_TEXT.siteTitle}` },
  { name: 'description', content: FEED_TEXT.description },
];

export default function FeedScreen({ loaderData }: Route.ComponentProps) {
  const viewer = useRootData()?.viewer ?? null;
  const {
    state,
    loadMore,
    refresh: reload,
  } = useInfinite('content.moreRecommend', FEED_INPUT, loaderData.feed, cardId);
  const sentinel = useRef<HTMLDivElement>(null);
  const busy = state.loading !== null;
  useInfiniteScroll(sentinel, state.items.length > 0 && state.hasMore && state.failed !== 'more', loadMore);
  const pull = usePullToRefresh(reload, !busy);
  const refreshing = state.loading === 'refresh';

  let content: React.ReactNode;
  if (state.items.length === 0) {
    if (state.loading) content = <FeedSkeleton />;
    else if (state.failed) content = <Placeholder type="networkError" onRetry={reload} />;
    else content = <Placeholder type="empty" />;
  } else {
    content = (
      <>
        <FeedGrid cards={state.items} />
        <div ref={sentinel} className={styles.footer} data-testid="feed-footer">
          {state.loading === 'more' ? <Placeholder type="loading" compact /> : null}
          {state.failed === 'more' ? (
            <Placeholder type="networkError" compact onRetry={() => loadMore(true)} />
          ) : null}
          {!state.hasMore && !state.loading ? (
            <p className={styles.end} data-testid="feed-end">
              {FEED_TEXT.end}
            </p>
          ) : null}
        </div>
      </>
    );
  }

  return (
    <div className={styles.screen}>
      <TopBar viewer={viewer} refreshing={refreshing || state.loading === 'first'} onRefresh={reload} />
      <PullIndicator offset={pull.offset} armed={pull.armed} refreshing={refreshing} />
      <main className={styles.main} aria-busy={busy || undefined} data-testid="feed">
        {content}
      </main>
      <PublishEntryLoader />
    </div>
  );
}

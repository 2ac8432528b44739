import { DU_TOKEN_COOKIE, readCookie, X_AUTH_TOKEN } from '@h5/core';
import { Link } from 'react-router';
import { FEED_PAGE_SIZE, leanPage } from '../../lib/data-layer/lean-page';
import { isCached, useInfinite } from '../../lib/data-layer/use-infinite';
import { prefetch } from '../../lib/prefetch.server';
import { REDIRECT_PARAM } from '../../lib/query-params';
import { useRootData } from '../../lib/root-data';
import { FOLLOWING_FEED_TEXT as text } from '../../lib/ui-text/following-feed';
import { SHELL_TEXT } from '../../lib/ui-text/shell';
import { CardList } from '../../shell/feed/CardList';
import styles from '../../shell/list-page.module.css';
import { PullIndicator } from '../../shell/PullIndicator';
import { usePullToRefresh } from '../../shell/use-pull-to-refresh';
import type { Route } from './+types/following-feed';
import { TopBar } from './TopBar';

const FEED_INPUT = { limit: FEED_PAGE_SIZE };
const PATH = '/community/feed/following';
const cardId = (card: { contentId: number }) => card.contentId;

/** SSR prefetch of page 1 with the page's session; a visitor gets the login prompt, not a call. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const cookie = request.headers.get('cookie');
  if (!readCookie(cookie, DU_TOKEN_COOKIE) && !readCookie(cookie, X_AUTH_TOKEN)) return { feed: null };
  const result = await prefetch(context, 'content.followingFeed', FEED_INPUT);
  return { feed: result.ok ? leanPage(result.data) : null };
}

/** Back to the tab answers from the cache: no request for page 1 (decision record 005). */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  if (isCached('content.followingFeed', FEED_INPUT)) return { feed: null };
  return serverLoader();
}

export const meta: Route.MetaFunction = () => [{ title: `${text.title} · ${SHELL_TEXT.siteTitle}` }];

/** The 关注 tab: the contents of the people the reader follows, newest first, infinite. */
export default function FollowingFeedScreen({ loaderData }: Route.ComponentProps) {
  const viewer = useRootData()?.viewer ?? null;
  if (viewer) return <FollowingList seed={loaderData.feed} />;
  return (
    <div className={styles.screen}>
      <TopBar viewer={null} refreshing={false} onRefresh={() => undefined} />
      <main className={styles.main} data-testid="following-feed">
        <section className={styles.footer} data-testid="following-login">
          <p className={styles.end}>{text.loginPrompt}</p>
          <Link
            to={`/login?${new URLSearchParams({ [REDIRECT_PARAM]: PATH })}`}
            data-testid="following-login-link"
          >
            {text.login}
          </Link>
        </section>
      </main>
    </div>
  );
}

function FollowingList({ seed }: { seed: Route.ComponentProps['loaderData']['feed'] }) {
  const viewer = useRootData()?.viewer ?? null;
  const list = useInfinite('content.followingFeed', FEED_INPUT, seed, cardId);
  const { state, refresh: reload } = list;
  const pull = usePullToRefresh(reload, state.loading === null);
  const refreshing = state.loading === 'refresh';
  return (
    <div className={styles.screen}>
      <TopBar viewer={viewer} refreshing={refreshing || state.loading === 'first'} onRefresh={reload} />
      <PullIndicator offset={pull.offset} armed={pull.armed} refreshing={refreshing} />
      <main
        className={styles.main}
        aria-busy={state.loading !== null || undefined}
        data-testid="following-feed"
      >
        <CardList
          list={list}
          emptyText={text.empty}
          emptyAction={{ label: text.toRecommend, to: '/', testId: 'following-to-recommend' }}
        />
      </main>
    </div>
  );
}

import type { FeedCard, FeedPage, HotVideoRankItem } from '@h5/contract';
import { formatCount, optimiseImageUrl } from '@h5/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { invalidate } from '../../lib/data-layer/cache';
import { leanPage } from '../../lib/data-layer/lean-page';
import { useEntry } from '../../lib/data-layer/use-entry';
import { isCached, useInfinite } from '../../lib/data-layer/use-infinite';
import { prefetch } from '../../lib/prefetch.server';
import { queryId } from '../../lib/query-id';
import { useRootData } from '../../lib/root-data';
import { SHELL_TEXT } from '../../lib/ui-text/shell';
import { SOCIAL_TEXT } from '../../lib/ui-text/social';
import { useLowDeviceAtMount } from '../../lib/use-low-device';
import { EntryView } from '../../shell/EntryView';
import { CardList } from '../../shell/feed/CardList';
import { formatDuration } from '../../shell/feed/format-duration';
import { Placeholder } from '../../shell/Placeholder';
import type { Route } from './+types/hot-video';
import styles from './hot-video.module.css';
import { TopBar } from './TopBar';

// The full-screen player: a chunk of its own, loaded when a video is opened.
const HotVideoPlayer = lazy(() => import('./HotVideoPlayer').then((m) => ({ default: m.HotVideoPlayer })));

const PAGE_SIZE = 20;
/** The player's query parameter: the content id of the video on screen. */
const PLAY_PARAM = 'play';
const RANK_SIZE = 50;
const THUMB_WIDTH = 240;

type Tab = 'hot' | 'rank';
const TABS = [
  { tab: 'hot', to: '?', label: SOCIAL_TEXT.hotTab },
  { tab: 'rank', to: '?tab=rank', label: SOCIAL_TEXT.rankTab },
] as const;
const tabOf = (request: Request): Tab =>
  new URL(request.url).searchParams.get('tab') === 'rank' ? 'rank' : 'hot';

/** SSR prefetch of the open tab: page 1 of the hot videos, or the rank. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const tab = tabOf(request);
  if (tab === 'rank') {
    const rank = await prefetch(context, 'content.hotVideoRank', { limit: RANK_SIZE });
    return { tab, page: null, rank: rank.ok ? rank.data : null };
  }
  const page = await prefetch(context, 'content.hotVideoList', { limit: PAGE_SIZE });
  return { tab, page: page.ok ? leanPage(page.data) : null, rank: null };
}

const cardId = (card: FeedCard) => card.contentId;

/** Back to the hot list answers from the cache: no request for its page 1 (decision record 005). */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  if (tabOf(request) === 'hot' && isCached('content.hotVideoList', { limit: PAGE_SIZE }))
    return { tab: 'hot' as const, page: null, rank: null };
  return serverLoader();
}

export const meta: Route.MetaFunction = () => [
  { title: `${SOCIAL_TEXT.hotVideo} · ${SHELL_TEXT.siteTitle}` },
];

/**
 * Hot videos: the ranked list (infinite) and the week's rank, as two tabs (`?tab=rank`). The rank
 * tab is an operator's setting (client-conf `hotVideoRankTab`, read through the config client):
 * off, the screen is the ranked list alone.
 */
export default function HotVideo({ loaderData }: Route.ComponentProps) {
  const root = useRootData();
  const rankTab = root?.clientConf.hotVideoRankTab !== false;
  const tab = rankTab ? loaderData.tab : 'hot';
  return (
    <div className={styles.screen} data-testid="hot-video">
      <TopBar
        viewer={root?.viewer ?? null}
        refreshing={false}
        onRefresh={() => invalidate(tab === 'rank' ? 'content.hotVideoRank' : 'content.hotVideoList')}
      />
      {rankTab ? (
        <nav className={styles.tabs} aria-label={SOCIAL_TEXT.hotVideo}>
          {TABS.map((t) => (
            <Link
              key={t.tab}
              to={t.to}
              replace
              className={styles.tab}
              aria-current={tab === t.tab ? 'page' : undefined}
              data-testid={`${t.tab}-tab`}
            >
              {t.label}
            </Link>
          ))}
        </nav>
      ) : null}
      <main className={styles.main}>
        {tab === 'rank' ? <RankList first={loaderData.rank} /> : <HotList first={loaderData.page} />}
      </main>
    </div>
  );
}

/**
 * The hot list; a tap on a video opens the full-screen player on it (`?play=<id>`, a history
 * entry: the browser's back closes it, and the list underneath never moved). The cards stay links
 * to the detail (a new tab, no script); the tap is taken before the link's own navigation.
 */
function HotList({ first }: { first: FeedPage | null }) {
  const list = useInfinite('content.hotVideoList', { limit: PAGE_SIZE }, first, cardId);
  const [params] = useSearchParams();
  const playing = queryId(`http://x/?${params}`, PLAY_PARAM);
  const navigate = useNavigate();
  const location = useLocation();
  // The player is the browser's: a server render (a reload with ?play=) shows the list under it first.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const opened = (location.state as { player?: boolean } | null)?.player === true;
  // Opened by a tap: an entry of its own (back, or the close button, returns to the list). A swipe
  // replaces it, keeping whether it was a tap's (an address with ?play= has no list entry to go back to).
  const play = (contentId: number, replace: boolean) =>
    navigate(`?${PLAY_PARAM}=${contentId}`, {
      replace,
      preventScrollReset: true,
      state: replace ? location.state : { player: true },
    });
  return (
    <>
      <div
        onClickCapture={(event) => {
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          const href = (event.target as Element).closest('a')?.getAttribute('href') ?? '';
          const id = /^\/community\/content\/(\d+)$/.exec(href)?.[1];
          if (!id) return;
          event.preventDefault();
          play(Number(id), false);
        }}
      >
        <CardList list={list} />
      </div>
      {playing !== null && hydrated ? (
        <Suspense fallback={<div className={styles.playerLoading} />}>
          <HotVideoPlayer
            list={list}
            startId={playing}
            onShow={(contentId) => {
              if (contentId !== playing) play(contentId, true);
            }}
            onClose={() =>
              opened ? navigate(-1) : navigate('?', { replace: true, preventScrollReset: true })
            }
          />
        </Suspense>
      ) : null}
    </>
  );
}

function RankList({ first }: { first: { list: HotVideoRankItem[] } | null }) {
  const [rank, load] = useEntry('content.hotVideoRank', { limit: RANK_SIZE }, first);
  return (
    <EntryView state={rank} onRetry={load} skeleton={<Placeholder type="loading" />}>
      {({ list }) => (list.length === 0 ? <Placeholder type="empty" home /> : <RankItems items={list} />)}
    </EntryView>
  );
}

function RankItems({ items }: { items: HotVideoRankItem[] }) {
  const lowDevice = useLowDeviceAtMount();
  return (
    <ol className={styles.rank} data-testid="rank-list">
      {items.map((item) => (
        <li
          key={item.contentId}
          data-testid="feed-card"
          data-content-id={item.contentId}
          data-position={item.rank - 1}
        >
          <Link to={`/community/content/${item.contentId}`} className={styles.row}>
            <span className={styles.place} data-top={item.rank <= 3 || undefined}>
              {item.rank}
            </span>
            <span className={styles.thumb}>
              {item.cover ? (
                <img
                  src={optimiseImageUrl(item.cover.url, { width: THUMB_WIDTH, lowDevice })}
                  width={item.cover.width}
                  height={item.cover.height}
                  alt={item.title}
                  loading={item.rank <= 4 ? 'eager' : 'lazy'}
                  decoding="async"
                />
              ) : null}
              {item.videoDuration !== null ? (
                <span className={styles.duration}>{formatDuration(item.videoDuration)}</span>
              ) : null}
            </span>
            <span className={styles.info}>
              <span className={styles.title}>{item.title}</span>
              <span className={styles.meta}>{item.author.userName}</span>
              <span className={styles.meta} data-testid="week-lights">
                {SOCIAL_TEXT.weekLights(formatCount(item.weekLightCount))}
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ol>
  );
}

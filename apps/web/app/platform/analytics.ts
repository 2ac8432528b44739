import {
  type AnalyticsPayload,
  analytics as analyticsCalls,
  type PublicRuntimeConfig,
  type ScreenName,
} from '@h5/contract';
import { ANALYTICS_PAGE_IDS } from '@h5/core';
import { buildRequest } from '@h5/request';
import {
  type Analytics,
  createAnalytics,
  createBeaconSender,
  createCollectorTransport,
  landingSource,
  observeExposure,
  resetExposures,
} from '@h5/tracker';
import type { LazyApi } from '../lib/api-client';
import { pageAnonymousId } from '../lib/client-identity';
import { setAnalyticsStats } from '../lib/diagnostics';
import { liveContextOf } from '../lib/live-context';
import {
  CONTENT_SHARED_EVENT,
  type ContentShared,
  LIVE_ACTION_EVENT,
  type LiveAction,
} from '../lib/page-events';

const [FEED_PAGE_ID, DETAIL_PAGE_ID] = ANALYTICS_PAGE_IDS;
const FEED_CARD = '[data-testid="feed-card"]';

/** The spec's page id of a path (spec §2: 9 the feed, 637 the content detail); null for others. */
export function pageIdOf(pathname: string): 9 | 637 | null {
  if (pathname === '/' || pathname === '/community/feed') return FEED_PAGE_ID;
  if (/^\/community\/content\/[^/]+$/.test(pathname)) return DETAIL_PAGE_ID;
  return null;
}

/** Our other screens by path (tracked by name: they have no spec page id); null for the rest. */
export function screenOf(pathname: string): ScreenName | null {
  switch (pathname) {
    case '/community/user':
    case '/user-home/share':
      return 'userHome';
    case '/community/topic':
    case '/dongtai':
      return 'topic';
    case '/community/hot-video':
      return 'hotVideo';
    case '/community/new-commodity':
      return 'newCommodity';
    case '/community/following':
      return 'following';
    default:
      return null;
  }
}

/** The live screens (issue 16): their views carry the page query's live context. */
const LIVE_SCREENS: Record<string, 'liveHost' | 'fansGroup' | 'liveRoom'> = {
  '/live/host': 'liveHost',
  '/live/fans-group': 'fansGroup',
  '/live/room': 'liveRoom',
};

/** A live screen's view with the page query's live context (spec §2); null for other pages. */
export function liveViewOf(pathname: string, search: string): AnalyticsPayload<'liveView'> | null {
  const screen = LIVE_SCREENS[pathname];
  if (!screen) return null;
  const { isHost: _, ...context } = liveContextOf(search);
  return { screen, path: pathname, ...context };
}

function cardFacts(card: HTMLElement) {
  return { contentId: Number(card.dataset.contentId), position: Number(card.dataset.position ?? 0) };
}

/**
 * The page's analytics (issue 4): the persistent queue sending to our collector (a beacon on page
 * hide), page views with the spec's page ids (screen views on our other screens) and their track
 * source, and card exposures (once per page view) and clicks. Loaded after hydration with the
 * platform boot, never in first-load JS. `nativeSource` asks the app where the user came from.
 */
export function startAnalytics(
  api: LazyApi,
  runtime: PublicRuntimeConfig,
  nativeSource?: () => Promise<string>,
) {
  const analytics: Analytics = createAnalytics({
    anonymousId: pageAnonymousId(),
    transport: createCollectorTransport((body) =>
      api('analytics.collectEvents', body, { errorToast: false }),
    ),
    beacon: createBeaconSender((events) => {
      const wire = buildRequest(analyticsCalls.collectEvents, { events }, runtime.signSecret);
      // text/plain keeps a cross-origin beacon free of a CORS preflight; the collector reads it as JSON.
      return {
        url: `${runtime.apiBaseUrl}${wire.url}`,
        body: wire.body ?? '',
        contentType: 'text/plain;charset=UTF-8',
      };
    }),
  });

  setAnalyticsStats(analytics.stats);

  // The screen shown now: card exposures and clicks are reported for it.
  let screen: ScreenName | null = null;
  const trackCard = (kind: 'exposure' | 'click', card: HTMLElement) => {
    if (screen === null) {
      analytics.track(kind === 'exposure' ? 'feedExposure' : 'feedClick', {
        pageId: FEED_PAGE_ID,
        ...cardFacts(card),
      });
    } else
      analytics.track(kind === 'exposure' ? 'cardExposure' : 'cardClick', { screen, ...cardFacts(card) });
  };

  const observed = new WeakSet<Element>();
  const observeCards = () => {
    const cards = [...document.querySelectorAll<HTMLElement>(FEED_CARD)].filter((c) => !observed.has(c));
    if (cards.length === 0) return;
    for (const card of cards) observed.add(card);
    observeExposure(cards, (card) => trackCard('exposure', card), { key: (card) => card.dataset.contentId });
  };
  // Only mutations that add a feed card rescan the page (toasts, skeletons and the like do not).
  const addsCard = (node: Node) =>
    node instanceof Element && (node.matches(FEED_CARD) || node.querySelector(FEED_CARD) !== null);
  const cardsAdded = new MutationObserver((records) => {
    if (records.some((r) => Array.from(r.addedNodes).some(addsCard))) observeCards();
  });
  cardsAdded.observe(document.body, { childList: true, subtree: true });

  const onClick = (event: MouseEvent) => {
    const card = (event.target as Element | null)?.closest<HTMLElement>(FEED_CARD);
    if (card) trackCard('click', card);
  };
  document.addEventListener('click', onClick, true);

  // A content shared from this page (announced by the share logic): the data centre counts it.
  const onShared = (event: Event) =>
    analytics.track('contentShare', (event as CustomEvent<ContentShared>).detail);
  window.addEventListener(CONTENT_SHARED_EVENT, onShared);
  // A live action (issue 16): tracked with the page's live context.
  const onLiveAction = (event: Event) =>
    analytics.track('liveAction', (event as CustomEvent<LiveAction>).detail);
  window.addEventListener(LIVE_ACTION_EVENT, onLiveAction);

  // The landing view's source is looked up once (the app may take up to 3000 ms to say); a client
  // navigation's source is the path it came from.
  let previousPath: string | null = null;
  const sourceOf = (pathname: string): Promise<string> => {
    const from = previousPath;
    previousPath = pathname;
    if (from !== null) return Promise.resolve(from);
    return landingSource({
      search: location.search,
      referrer: document.referrer,
      origin: location.origin,
      native: nativeSource,
    });
  };

  return {
    analytics,
    /**
     * A page view: a spec page id's pageView, or our screen's screenView, with its source;
     * exposures may count again. Cards are reported as the feed's (page 9) unless the page is one
     * of our screens.
     */
    pageView(pathname: string) {
      resetExposures();
      const pageId = pageIdOf(pathname);
      screen = screenOf(pathname);
      const viewed = screen;
      const live = liveViewOf(pathname, location.search);
      if (live) analytics.track('liveView', live);
      void sourceOf(pathname).then((source) => {
        if (pageId !== null) analytics.track('pageView', { pageId, path: pathname, source });
        else if (viewed !== null) analytics.track('screenView', { screen: viewed, path: pathname, source });
      });
      observeCards();
    },
    stop() {
      cardsAdded.disconnect();
      document.removeEventListener('click', onClick, true);
      window.removeEventListener(CONTENT_SHARED_EVENT, onShared);
      window.removeEventListener(LIVE_ACTION_EVENT, onLiveAction);
      analytics.stop();
    },
  };
}

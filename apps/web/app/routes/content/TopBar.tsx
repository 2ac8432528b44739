import { optimiseImageUrl } from '@h5/core';
import { useLayoutEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { REDIRECT_PARAM } from '../../lib/query-params';
import type { ViewerBrief } from '../../lib/root-data';
import { FEED_TEXT } from '../../lib/ui-text/feed';
import { MessagesEntry } from './MessagesEntry';
import { SearchEntry } from './SearchEntry';
import styles from './TopBar.module.css';

interface Props {
  viewer: ViewerBrief | null;
  refreshing: boolean;
  onRefresh: () => void;
}

/** The channels: the feed, the followed, hot videos, new products; a tab is a replace navigation. */
const CHANNELS = [
  ['/', FEED_TEXT.title, 'feed'],
  ['/community/feed/following', FEED_TEXT.following, 'following'],
  ['/community/hot-video', FEED_TEXT.hotVideo, 'hot-video'],
  ['/community/new-commodity', FEED_TEXT.newCommodity, 'new-commodity'],
] as const;

/** Each channel's scroll position when the reader left it by a tab; `switched`: a tab led here. */
const places = new Map<string, number>();
let switched = false;

/**
 * The channels' one sticky header (the feed, hot videos, new products): the channel tabs, the
 * current one underlined, a refresh button (for mouse users) and the login / avatar entry. A tab
 * replaces the history entry (tabs do not stack) and each channel comes back where it was left:
 * its list is cached, so the saved position is there when it renders.
 */
export function TopBar({ viewer, refreshing, onRefresh }: Props) {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const current = location.pathname === '/community/feed' ? '/' : location.pathname;
  useLayoutEffect(() => {
    if (switched) scrollTo(0, places.get(current) ?? 0);
    switched = false;
  }, [current]);
  return (
    <header className={styles.bar}>
      <nav className={styles.tabs} aria-label={FEED_TEXT.channels}>
        {CHANNELS.map(([to, label, id]) => (
          <Link
            key={id}
            to={to}
            replace
            preventScrollReset
            onClick={() => {
              places.set(current, scrollY);
              switched = to !== current;
            }}
            className={styles.tab}
            aria-current={to === current ? 'page' : undefined}
            data-testid={`tab-${id}`}
          >
            {to === current ? <h1>{label}</h1> : label}
          </Link>
        ))}
      </nav>
      <div className={styles.actions}>
        <SearchEntry />
        <button
          type="button"
          className={styles.iconButton}
          onClick={onRefresh}
          disabled={refreshing}
          aria-label={FEED_TEXT.refresh}
          data-testid="feed-refresh"
        >
          {/* The icon is a mask of the stylesheet's (TopBar.module.css): no SVG in first-load JS. */}
          <span className={refreshing ? styles.spinning : styles.refresh} aria-hidden="true" />
        </button>
        <MessagesEntry viewer={viewer} />
        {viewer ? (
          <Link
            to={`/community/user?userId=${viewer.userId}`}
            className={styles.viewer}
            data-testid="viewer"
            aria-label={FEED_TEXT.myHome}
          >
            <img
              className={styles.avatar}
              src={optimiseImageUrl(viewer.avatar, { width: 64 })}
              width={28}
              height={28}
              alt={viewer.userName}
            />
          </Link>
        ) : (
          <Link
            to={`/login?${new URLSearchParams({ [REDIRECT_PARAM]: here })}`}
            className={styles.login}
            data-testid="login-entry"
          >
            {FEED_TEXT.login}
          </Link>
        )}
      </div>
    </header>
  );
}

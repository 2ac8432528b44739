import { optimiseImageUrl } from '@h5/core';
import { Link, useLocation } from 'react-router';
import { REDIRECT_PARAM } from '../../lib/query-params';
import type { ViewerBrief } from '../../lib/root-data';
import { FEED_TEXT } from '../../lib/ui-text/feed';
import styles from './TopBar.module.css';

interface Props {
  viewer: ViewerBrief | null;
  refreshing: boolean;
  onRefresh: () => void;
}

/** The feed's sticky header: the channel tabs, a refresh button (for mouse users) and the login / avatar entry. */
export function TopBar({ viewer, refreshing, onRefresh }: Props) {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  return (
    <header className={styles.bar}>
      <nav className={styles.tabs} aria-label={FEED_TEXT.channels}>
        <h1 className={styles.title}>{FEED_TEXT.title}</h1>
        <Link to="/community/hot-video" className={styles.tab} data-testid="tab-hot-video">
          {FEED_TEXT.hotVideo}
        </Link>
        <Link to="/community/new-commodity" className={styles.tab} data-testid="tab-new-commodity">
          {FEED_TEXT.newCommodity}
        </Link>
      </nav>
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.iconButton}
          onClick={onRefresh}
          disabled={refreshing}
          aria-label={FEED_TEXT.refresh}
          data-testid="feed-refresh"
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" className={refreshing ? styles.spinning : undefined}>
            <path
              d="M19.5 12a7.5 7.5 0 1 1-2.2-5.3M19.5 4.5v4h-4"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </button>
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

import { Link } from 'react-router';
import { FEED_TEXT } from '../../lib/ui-text/feed';
import styles from './SearchEntry.module.css';

/**
 * The feed header's way into search (issue 32 point 2): only a link to /search, whose page and
 * everything it needs load on demand (the feed's first-load JS budget).
 */
export function SearchEntry() {
  return (
    <Link to="/search" className={styles.entry} aria-label={FEED_TEXT.search} data-testid="search-entry">
      <span className={styles.icon} aria-hidden="true" />
    </Link>
  );
}

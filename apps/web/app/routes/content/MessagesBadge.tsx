import { Link } from 'react-router';
import { useEntry } from '../../lib/data-layer/use-entry';
import { MESSAGE_TEXT } from '../../lib/ui-text/messages';
import styles from './MessagesBadge.module.css';

/**
 * The badge's read is ambient, not the reader's action: a failure shows no count, with no toast,
 * and an ended session does not send the reader to the login (the page they are reading stays).
 * It did: a session cleared while the feed loaded took the reader to /login mid-read.
 */
const BADGE_READ = { errorToast: false, authHandler: false } as const;

/** 消息 with the unread total; the 消息 page's marking read puts new counts in the same cache entry. */
export function MessagesBadge() {
  const [counts] = useEntry('message.unreadCounts', {}, null, BADGE_READ);
  const total = counts.status === 'ready' ? counts.data.total : 0;
  return (
    <Link
      to="/community/messages"
      className={styles.entry}
      data-testid="messages-entry"
      aria-label={total > 0 ? MESSAGE_TEXT.entryUnread(total) : MESSAGE_TEXT.entry}
    >
      <span className={styles.bell} aria-hidden="true" />
      {total > 0 ? (
        <span className={styles.badge} data-testid="messages-entry-count">
          {MESSAGE_TEXT.badge(total)}
        </span>
      ) : null}
    </Link>
  );
}

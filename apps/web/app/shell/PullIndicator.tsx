import { FEED_TEXT } from '../lib/ui-text/feed';
import styles from './PullIndicator.module.css';

interface Props {
  offset: number;
  armed: boolean;
  refreshing: boolean;
}

/** The pull-to-refresh hint under the top bar: grows with the pull, spins while refreshing. */
export function PullIndicator({ offset, armed, refreshing }: Props) {
  const visible = offset > 0 || refreshing;
  const label = refreshing
    ? FEED_TEXT.refreshing
    : armed
      ? FEED_TEXT.releaseToRefresh
      : FEED_TEXT.pullToRefresh;
  return (
    <div
      className={styles.indicator}
      style={{ height: refreshing ? 48 : offset }}
      aria-hidden={!visible}
      data-testid="pull-indicator"
    >
      {visible ? (
        <span className={styles.label} role="status">
          <span className={`${styles.dot} ${refreshing ? styles.spin : ''}`} aria-hidden="true" />
          {label}
        </span>
      ) : null}
    </div>
  );
}

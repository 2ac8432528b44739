import { PLACEHOLDER_LOADING } from '@h5/core';
import styles from './FeedSkeleton.module.css';

// Cover heights (as width ratios) of the placeholder cards, alternating like a real feed.
const LEFT = [1.33, 1, 1.25];
const RIGHT = [1, 1.33, 0.8];

function SkeletonColumn({ ratios }: { ratios: number[] }) {
  return (
    <div className={styles.column}>
      {ratios.map((ratio) => (
        <div key={ratio} className={styles.card}>
          <div className={`${styles.shine} ${styles.cover}`} style={{ aspectRatio: `1 / ${ratio}` }} />
          <div className={styles.body}>
            <div className={`${styles.shine} ${styles.line}`} />
            <div className={`${styles.shine} ${styles.line} ${styles.short}`} />
          </div>
        </div>
      ))}
    </div>
  );
}

/** Skeleton cards while the first page loads (spec 'loading' announced to screen readers). */
export function FeedSkeleton() {
  return (
    <div className={styles.grid} role="status" aria-live="polite" data-testid="feed-skeleton">
      <span className="visually-hidden">{PLACEHOLDER_LOADING}</span>
      <SkeletonColumn ratios={LEFT} />
      <SkeletonColumn ratios={RIGHT} />
    </div>
  );
}

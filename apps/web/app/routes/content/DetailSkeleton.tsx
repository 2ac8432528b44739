import styles from './DetailSkeleton.module.css';

/** The detail page's shape while its content loads. */
export function DetailSkeleton() {
  return (
    <div className={styles.skeleton} data-testid="detail-skeleton" aria-hidden="true">
      <div className={`${styles.block} ${styles.media}`} />
      <div className={styles.sheet}>
        <div className={styles.author}>
          <div className={`${styles.block} ${styles.avatar}`} />
          <div className={`${styles.block} ${styles.line}`} style={{ width: '40%' }} />
        </div>
        <div className={`${styles.block} ${styles.title}`} />
        {[92, 100, 86, 60].map((width) => (
          <div key={width} className={`${styles.block} ${styles.line}`} style={{ width: `${width}%` }} />
        ))}
      </div>
    </div>
  );
}

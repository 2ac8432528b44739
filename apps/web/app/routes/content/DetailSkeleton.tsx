import styles from './DetailSkeleton.module.css';

/** The detail page's shape while its content loads (the shapes are all CSS: first-load JS budget). */
export function DetailSkeleton() {
  return (
    <div className={styles.skeleton} data-testid="detail-skeleton" aria-hidden="true">
      <div className={styles.media} />
      <div className={styles.sheet}>
        <div className={styles.author}>
          <div className={styles.avatar} />
          <div className={styles.name} />
        </div>
        <div className={styles.title} />
        <div className={styles.text} />
      </div>
    </div>
  );
}

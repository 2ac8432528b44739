import { BackButton } from './BackButton';
import styles from './PageHeader.module.css';

/** The header of a secondary screen: a back button (to `fallback` on a fresh tab) and the title. */
export function PageHeader({
  title,
  fallback,
  backTestId,
}: {
  title: string;
  fallback: string;
  backTestId?: string;
}) {
  return (
    <header className={styles.bar}>
      <span className={styles.back}>
        <BackButton fallback={fallback} testId={backTestId} />
      </span>
      <h1 className={styles.title}>{title}</h1>
    </header>
  );
}

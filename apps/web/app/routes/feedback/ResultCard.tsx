import { Link } from 'react-router';
import styles from './feedback.module.css';

/** The end of a form: a check mark, a title, a line of text and the way back. */
export function ResultCard({
  title,
  body,
  action,
  testId,
}: {
  title: string;
  body: string;
  action: { label: string; to: string };
  testId: string;
}) {
  return (
    <section className={`${styles.card} ${styles.result}`} role="status" data-testid={testId}>
      <svg className={styles.resultIcon} viewBox="0 0 56 56" aria-hidden="true">
        <circle cx="28" cy="28" r="28" fill="var(--color-accent-soft)" />
        <path
          d="M17 29l7 7 15-16"
          fill="none"
          stroke="var(--color-accent)"
          strokeWidth="4"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <h2 className={styles.resultTitle}>{title}</h2>
      <p className={styles.resultBody}>{body}</p>
      <Link className={styles.resultAction} to={action.to}>
        {action.label}
      </Link>
    </section>
  );
}

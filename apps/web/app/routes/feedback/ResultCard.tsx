import { OutcomeCard } from '../../shell/OutcomeCard';
import styles from './feedback.module.css';

/** The end of a form: a check mark, a title, a line of text and the way back. */
export function ResultCard(props: {
  title: string;
  body: string;
  action: { label: string; to: string };
  testId: string;
}) {
  return <OutcomeCard mark={CHECK} {...props} />;
}

const CHECK = (
  <svg className={styles.check} viewBox="0 0 56 56" aria-hidden="true">
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
);

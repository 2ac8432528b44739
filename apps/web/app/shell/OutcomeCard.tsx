import type { ReactNode } from 'react';
import { Link } from 'react-router';
import styles from './screen.module.css';

/**
 * Where a flow ends or cannot go on (a report sent, a form the server refuses, a dead invitation):
 * a mark, a title, a sentence and the way on, centred in a card.
 */
export function OutcomeCard({
  mark,
  title,
  body,
  bodyTestId,
  action,
  role = 'status',
  testId,
  data,
  children,
}: {
  mark?: ReactNode;
  title?: string;
  body: string;
  bodyTestId?: string;
  /** The way on: the card's button, or a quiet link when `children` hold the main step. */
  action: { label: string; to: string };
  /** The main step when it is not a link (a button of the page's own), above the way on. */
  children?: ReactNode;
  /** `alert` for a refusal, `status` for an outcome. */
  role?: 'status' | 'alert';
  testId?: string;
  data?: Readonly<Record<`data-${string}`, string | undefined>>;
}) {
  return (
    <section className={styles.outcome} role={role} data-testid={testId} {...data}>
      {mark}
      {title ? <h2 className={styles.outcomeTitle}>{title}</h2> : null}
      <p className={styles.outcomeBody} data-testid={bodyTestId}>
        {body}
      </p>
      {children}
      <Link className={children ? styles.outcomeQuiet : styles.outcomeAction} to={action.to}>
        {action.label}
      </Link>
    </section>
  );
}

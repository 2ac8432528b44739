import type { ReactNode } from 'react';
import styles from './screen.module.css';

/**
 * A row of a card with one button on the right (a claim, a join): what it is, its detail, and the
 * button's label and state. The week tasks, allowances and host tasks are lists of these.
 */
export function ActionRow({
  title,
  children,
  label,
  disabled,
  onClick,
  testId,
  buttonTestId,
  state,
  data,
}: {
  title: ReactNode;
  /** The lines under the title (progress, an amount). */
  children?: ReactNode;
  label: string;
  disabled: boolean;
  onClick: () => void;
  testId?: string;
  buttonTestId?: string;
  /** The row's `data-state` (claimable, claimed…), for tests and styles. */
  state?: string;
  /** More data attributes of the row (`data-award-id`). */
  data?: Readonly<Record<`data-${string}`, string | number | undefined>>;
}) {
  return (
    <li className={styles.row} data-testid={testId} data-state={state} {...data}>
      <span className={styles.rowText}>
        <span className={styles.rowTitle}>{title}</span>
        {children}
      </span>
      <button
        type="button"
        className={styles.action}
        disabled={disabled}
        onClick={onClick}
        data-testid={buttonTestId}
      >
        {label}
      </button>
    </li>
  );
}

/** A progress bar under a row's title: `value` of `target`. */
export function ProgressBar({ value, target }: { value: number; target: number }) {
  return (
    <span className={styles.bar} aria-hidden="true">
      <span className={styles.barFill} style={{ width: `${Math.min(100, (value / target) * 100)}%` }} />
    </span>
  );
}

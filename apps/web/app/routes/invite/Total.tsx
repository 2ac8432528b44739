import styles from './invite.module.css';

/** One figure of a totals card (the inviter's page, the week): the number over its label. */
export function Total({ label, value, testId }: { label: string; value: string | number; testId: string }) {
  return (
    <div className={styles.total}>
      <span className={styles.totalValue} data-testid={testId}>
        {value}
      </span>
      <span className={styles.totalLabel}>{label}</span>
    </div>
  );
}

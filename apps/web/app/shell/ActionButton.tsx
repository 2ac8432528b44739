import styles from './screen.module.css';

/**
 * The button of one write (a `useAction`): disabled and saying so while it runs, its refusal
 * under it for the user to read.
 */
export function ActionButton({
  action,
  onClick,
  label,
  busyLabel,
  className,
  testId,
  errorTestId,
}: {
  action: { busy: boolean; error: string | null };
  onClick: () => void;
  label: string;
  busyLabel: string;
  className?: string;
  testId?: string;
  errorTestId?: string;
}) {
  return (
    <>
      <button
        type="button"
        className={className}
        disabled={action.busy}
        onClick={onClick}
        data-testid={testId}
      >
        {action.busy ? busyLabel : label}
      </button>
      {action.error ? (
        <p className={styles.error} role="alert" data-testid={errorTestId}>
          {action.error}
        </p>
      ) : null}
    </>
  );
}

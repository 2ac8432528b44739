import type { ReactNode } from 'react';
import { FEEDBACK_TEXT as text } from '../../lib/ui-text/feedback';
import styles from './feedback.module.css';

/**
 * A feedback form: its cards, then the fixed bottom bar with why it cannot be sent yet, the
 * refusal (announced) and the one submit button.
 */
export function FeedbackForm({
  testId,
  onSubmit,
  ready,
  busy,
  hint,
  error,
  children,
}: {
  testId: string;
  onSubmit: () => void;
  /** Everything the form needs is there (a reason, the uploads done). */
  ready: boolean;
  busy: boolean;
  /** Why it is not ready. */
  hint: string | null;
  error: string | null;
  children: ReactNode;
}) {
  return (
    <form
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      noValidate
      data-testid={testId}
    >
      {children}
      <div className={styles.submitBar}>
        <div>
          <p className={styles.error} role="alert" data-testid="submit-error">
            {error ?? ''}
          </p>
          {hint && !error ? (
            <p className={styles.submitHint} data-testid="submit-hint">
              {hint}
            </p>
          ) : null}
          <button type="submit" className={styles.submit} disabled={!ready || busy} data-testid="submit">
            {busy ? text.submitting : text.submit}
          </button>
        </div>
      </div>
    </form>
  );
}

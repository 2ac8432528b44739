import { FEEDBACK_TEXT as text } from '../../lib/ui-text/feedback';
import styles from './feedback.module.css';

/** The fixed bottom bar: why it is disabled, the form's refusal (announced), and the submit button. */
export function SubmitBar({
  disabled,
  submitting,
  hint,
  error,
}: {
  disabled: boolean;
  submitting: boolean;
  hint: string | null;
  error: string | null;
}) {
  return (
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
        <button type="submit" className={styles.submit} disabled={disabled} data-testid="submit">
          {submitting ? text.submitting : text.submit}
        </button>
      </div>
    </div>
  );
}

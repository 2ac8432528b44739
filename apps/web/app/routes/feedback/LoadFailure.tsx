import { Link } from 'react-router';
import { FEEDBACK_TEXT as text } from '../../lib/ui-text/feedback';
import { Placeholder } from '../../shell/Placeholder';
import styles from './feedback.module.css';

/** Why a form could not load; `retryable` for failures without an answer (network, time-out). */
export interface LoadError {
  message: string;
  retryable: boolean;
}

/** A failed load: a refusal's message with the way back, or the network placeholder with a retry. */
export function LoadFailure({
  error,
  onRetry,
  back,
}: {
  error: LoadError;
  onRetry: () => void;
  back: string;
}) {
  if (error.retryable) {
    return (
      <div className={styles.main}>
        <Placeholder type="networkError" onRetry={onRetry} />
      </div>
    );
  }
  return (
    <div className={styles.main}>
      <section className={`${styles.card} ${styles.result}`} role="alert" data-testid="feedback-load-error">
        <p className={styles.resultBody}>{error.message}</p>
        <Link className={styles.resultAction} to={back}>
          {text.back}
        </Link>
      </section>
    </div>
  );
}

/** A client load's failure: a business refusal (a message from the server) is final, the rest retryable. */
export function loadErrorOf(error: unknown): LoadError {
  const kind = (error as { kind?: unknown } | null)?.kind;
  const message = error instanceof Error && error.message ? error.message : text.loadFailed;
  return { message, retryable: kind !== 'business' && kind !== 'http' };
}

import { OPERATOR_ROLE_FORBIDDEN } from '@h5/core';
import type { ReactNode } from 'react';
import type { EntryState } from '../../../lib/data-layer/use-entry';
import { failureCode, failureMessage } from '../../../lib/failure';
import { BACKSTAGE_TEXT as text } from '../../../lib/ui-text/backstage';
import styles from './backstage.module.css';

/** An entry on a backstage page: loading, a refusal (the role's, or the server's sentence) with a retry, or its data. */
export function BackstageEntry<T>({
  state,
  onRetry,
  children,
}: {
  state: EntryState<T>;
  onRetry: () => void;
  children: (data: T) => ReactNode;
}) {
  if (state.status === 'ready') return <>{children(state.data)}</>;
  if (state.status === 'loading') return <p className={styles.note}>{text.loading}</p>;
  if (state.status === 'failed' && failureCode(state.error) === OPERATOR_ROLE_FORBIDDEN) {
    return (
      <p className={styles.error} role="alert" data-testid="backstage-forbidden">
        {text.forbidden}
      </p>
    );
  }
  return (
    <div role="alert">
      <p className={styles.error}>
        {text.failed}
        {state.status === 'failed' ? `：${failureMessage(state.error)}` : ''}
      </p>
      <button type="button" className={styles.button} onClick={onRetry}>
        {text.retry}
      </button>
    </div>
  );
}

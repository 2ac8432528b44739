import { useState } from 'react';
import styles from './backstage.module.css';
import { FormError } from './FormError';

/** One decision button: its label, whether it is the harsh one, what it sends with the reason. */
export interface Decision {
  label: string;
  danger?: boolean;
  decide: (reason: string) => void;
}

/**
 * A pending row's decision (reports, published contents): the reason a moderator writes, the
 * write's refusal read out, and the decisions, disabled while one is sent.
 */
export function ReasonDecision({
  name,
  label,
  action,
  decisions,
}: {
  /** The textarea's name, unique on the page (`reason-<row id>`). */
  name: string;
  label: string;
  action: { busy: boolean; error: string | null; fieldErrors: Readonly<Record<string, string>> };
  decisions: readonly Decision[];
}) {
  const [reason, setReason] = useState('');
  return (
    <div className={styles.decide}>
      <label className={styles.field}>
        {label}
        <textarea
          className={styles.textarea}
          name={name}
          value={reason}
          maxLength={200}
          onChange={(event) => setReason(event.currentTarget.value)}
        />
      </label>
      <FormError action={action} />
      <div className={styles.actions}>
        {decisions.map((decision) => (
          <button
            key={decision.label}
            type="button"
            className={decision.danger ? styles.danger : styles.button}
            disabled={action.busy}
            onClick={() => decision.decide(reason)}
          >
            {decision.label}
          </button>
        ))}
      </div>
    </div>
  );
}

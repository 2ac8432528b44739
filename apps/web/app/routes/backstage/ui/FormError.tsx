import styles from './backstage.module.css';

/** What a write's refusal carries: its sentence, or its reasons by field. */
interface Refusal {
  error: string | null;
  fieldErrors: Readonly<Record<string, string>>;
}

/** The sentence of a refusal: a message, else an action's error, else its field reasons joined. */
export const refusalText = (refusal: Refusal | null | undefined): string | null => {
  if (!refusal) return null;
  if (refusal.error) return refusal.error;
  const reasons = Object.values(refusal.fieldErrors);
  return reasons.length > 0 ? reasons.join('；') : null;
};

/**
 * A backstage form's refusal, read out as it appears (role=alert); nothing when there is none.
 * Pass a write (`useAction`) or a sentence of the page's own.
 */
export function FormError({
  action,
  message,
  testId,
}: {
  action?: Refusal;
  message?: string | null;
  testId?: string;
}) {
  const shown = message ?? refusalText(action);
  if (!shown) return null;
  return (
    <p className={styles.error} role="alert" data-testid={testId}>
      {shown}
    </p>
  );
}

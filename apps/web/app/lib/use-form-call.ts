import { useState } from 'react';
import { type FieldError, formErrorOf } from './form-error';

export type { FieldError } from './form-error';

/**
 * One form's call: busy while it runs (a double tap sends once), the refusal under one of its
 * `fields` (a 400 names it) or for the whole form (`formErrorOf`), and what the answer does next.
 */
export function useFormCall<T>(onDone: (answer: T) => void, fields: readonly string[] = []) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<FieldError | null>(null);
  const run = async (call: () => Promise<T>) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      onDone(await call());
    } catch (failure) {
      setError(formErrorOf(failure, fields));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run };
}

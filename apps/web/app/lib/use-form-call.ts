import { useState } from 'react';

/** A 400's field (`mobile: 请填写正确的 11 位手机号`), or the whole message for a refusal. */
export interface FieldError {
  field: string;
  message: string;
}

/**
 * One form's call: busy while it runs (a double tap sends once), the refusal under its field
 * (a 400 names it) or for the whole form, and what the answer does next.
 */
export function useFormCall<T>(onDone: (answer: T) => void) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<FieldError | null>(null);
  const run = async (call: () => Promise<T>) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      onDone(await call());
    } catch (failure) {
      const message = failure instanceof Error ? failure.message : String(failure);
      const match = /^(\w+): (.*)$/.exec(message);
      setError(match ? { field: match[1] as string, message: match[2] as string } : { field: '', message });
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run };
}

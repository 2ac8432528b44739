import { useCallback, useRef, useState } from 'react';

/**
 * One call per key at a time (a double tap sends once): `run(key, call)` does nothing while the
 * key's call is in flight; `busy` is the key in flight, for the button's label. The server is
 * what makes a claim happen once across tabs; this keeps one tab from asking twice.
 */
export function useOnce<K extends string | number>() {
  const inFlight = useRef(new Set<K>());
  const [busy, setBusy] = useState<K | null>(null);
  const run = useCallback(async (key: K, call: () => Promise<void>) => {
    if (inFlight.current.has(key)) return;
    inFlight.current.add(key);
    setBusy(key);
    try {
      await call();
    } finally {
      inFlight.current.delete(key);
      setBusy(null);
    }
  }, []);
  return { run, busy };
}

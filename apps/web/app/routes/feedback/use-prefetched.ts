import { useCallback, useEffect, useRef, useState } from 'react';
import { type LoadError, loadErrorOf } from './LoadFailure';

/**
 * A form's data as the loader prefetched it, or loaded once in the browser when the prefetch
 * timed out (spec §4's client-rendering fallback); `load` retries on the user's tap. `fetch`
 * must be stable (useCallback); null when there is nothing to load (a bad target).
 */
export function usePrefetched<T>(
  prefetched: { data: T | null; error: string | null },
  fetch: (() => Promise<T>) | null,
) {
  const [data, setData] = useState<T | null>(prefetched.data);
  const [error, setError] = useState<LoadError | null>(
    prefetched.error ? { message: prefetched.error, retryable: false } : null,
  );
  const load = useCallback(() => {
    if (!fetch) return;
    setError(null);
    fetch().then(setData, (failure: unknown) => setError(loadErrorOf(failure)));
  }, [fetch]);
  const started = useRef(false);
  useEffect(() => {
    if (started.current || data || error) return;
    started.current = true;
    load();
  }, [data, error, load]);
  return { data, error, load };
}

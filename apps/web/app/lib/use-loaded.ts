import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Data a loader prefetched, or loaded once in the browser when the prefetch did not come in time
 * (spec §4's client-rendering fallback); `retry` after a failure. `fetch` must be stable
 * (useCallback); callers key the component by what it shows, so new loader data starts afresh.
 */
export function useLoaded<T>(prefetched: T | null, fetch: () => Promise<T>) {
  const [data, setData] = useState(prefetched);
  const [failed, setFailed] = useState(false);
  const retry = useCallback(() => {
    setFailed(false);
    fetch().then(setData, () => setFailed(true));
  }, [fetch]);
  const started = useRef(prefetched !== null);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    retry();
  }, [retry]);
  return { data, failed, retry };
}

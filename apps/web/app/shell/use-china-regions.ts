import type { RegionTree } from '@h5/core/china-regions';
import { useCallback, useEffect, useState } from 'react';

let loading: Promise<RegionTree> | undefined;

/** The division's chunk, fetched once per page; a failed fetch is tried again on the next ask. */
function loadRegions(): Promise<RegionTree> {
  loading ??= import('@h5/core/china-regions').then(
    (m) => m.CHINA_REGIONS,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

export type RegionsState =
  | { status: 'loading' | 'failed'; tree: null }
  | { status: 'ready'; tree: RegionTree };

/**
 * China's provinces, cities and districts for the address picker (issue 26 point 7): about 33 KB
 * gzip, so they load in their own chunk when an address form mounts, never with a page's
 * first-load JS. `retry` asks again after a failed load (offline).
 */
export function useChinaRegions(): [RegionsState, () => void] {
  const [state, setState] = useState<RegionsState>({ status: 'loading', tree: null });
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each attempt loads again
  useEffect(() => {
    let live = true;
    setState({ status: 'loading', tree: null });
    loadRegions().then(
      (tree) => live && setState({ status: 'ready', tree }),
      () => live && setState({ status: 'failed', tree: null }),
    );
    return () => {
      live = false;
    };
  }, [attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return [state, retry];
}

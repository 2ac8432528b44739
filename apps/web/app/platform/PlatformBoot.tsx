import { useEffect } from 'react';
import { useRootData } from '../lib/root-data';
import { useApi } from '../lib/use-api';

/** Starts the platform layer after hydration, from its own chunk (see platform/boot.ts). */
export function PlatformBoot() {
  const api = useApi();
  const runtime = useRootData()?.runtime;
  useEffect(() => {
    if (!runtime) return;
    import('./boot')
      .then(({ startPlatform }) => startPlatform(api, runtime))
      .catch((error: unknown) => console.error('platform start failed', error));
  }, [api, runtime]);
  return null;
}

import { useEffect } from 'react';
import { useApi } from '../lib/use-api';

/** Starts the platform layer after hydration, from its own chunk (see platform/boot.ts). */
export function PlatformBoot() {
  const api = useApi();
  useEffect(() => {
    import('./boot')
      .then(({ startPlatform }) => startPlatform(api))
      .catch((error: unknown) => console.error('platform start failed', error));
  }, [api]);
  return null;
}

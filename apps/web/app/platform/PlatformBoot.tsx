import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { importWhenOnline } from '../lib/import-when-online';
import { useRootData } from '../lib/root-data';
import { useApi } from '../lib/use-api';
import type { Platform } from './boot';

/**
 * The document's one platform: kept outside the component, because the root's error boundary
 * unmounts the app (a failed navigation offline) and its return must not start analytics again.
 */
let platform: Promise<Platform> | undefined;

/** Starts the platform layer after hydration, from its own chunk (see platform/boot.ts), and reports page views. */
export function PlatformBoot() {
  const api = useApi();
  const root = useRootData();
  const runtime = root?.runtime;
  const late = root?.late;
  const viewerId = root?.viewer?.userId;
  const { pathname } = useLocation();
  useEffect(() => {
    if (!runtime || platform) return;
    // Offline before the chunk arrived: analytics and offline reading start when the network is back.
    platform = importWhenOnline(() => import('./boot')).then(({ startPlatform }) =>
      startPlatform(api, runtime, late, viewerId),
    );
    platform.catch((error: unknown) => console.error('platform start failed', error));
  }, [api, runtime, late, viewerId]);
  useEffect(() => {
    void platform?.then((p) => p.pageView(pathname)).catch(() => undefined);
  }, [pathname]);
  return null;
}

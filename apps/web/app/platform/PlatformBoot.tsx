import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useRootData } from '../lib/root-data';
import { useApi } from '../lib/use-api';
import type { Platform } from './boot';

/** Starts the platform layer after hydration, from its own chunk (see platform/boot.ts), and reports page views. */
export function PlatformBoot() {
  const api = useApi();
  const root = useRootData();
  const runtime = root?.runtime;
  const late = root?.late;
  const { pathname } = useLocation();
  const platform = useRef<Promise<Platform> | undefined>(undefined);
  useEffect(() => {
    if (!runtime || platform.current) return;
    platform.current = import('./boot').then(({ startPlatform }) => startPlatform(api, runtime, late));
    platform.current.catch((error: unknown) => console.error('platform start failed', error));
  }, [api, runtime, late]);
  useEffect(() => {
    void platform.current?.then((p) => p.pageView(pathname)).catch(() => undefined);
  }, [pathname]);
  return null;
}

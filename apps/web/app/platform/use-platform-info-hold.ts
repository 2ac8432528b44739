import { PAGE_PLATFORM_INFO_WAIT_MS } from '@h5/core';
import { useEffect, useState } from 'react';

/** Window event the bridge dispatches when the app's platform info arrives. */
export const PLATFORM_INFO_EVENT = 'h5:platform-info';

declare global {
  interface Window {
    /** Platform info the app injected before the page's scripts ran. */
    __H5_PLATFORM_INFO__?: unknown;
  }
}

/**
 * Spec §2/§4: inside the app, content is held back until platform info arrives or one second
 * passes. Returns true while holding. Outside the app it never holds. Server and first client
 * render agree (both hold in the app), so hydration matches.
 */
export function usePlatformInfoHold(inApp: boolean, waitMs: number = PAGE_PLATFORM_INFO_WAIT_MS): boolean {
  const [holding, setHolding] = useState(inApp);
  useEffect(() => {
    if (!inApp) return;
    if (window.__H5_PLATFORM_INFO__ !== undefined) {
      setHolding(false);
      return;
    }
    const release = () => setHolding(false);
    const timer = setTimeout(release, waitMs);
    window.addEventListener(PLATFORM_INFO_EVENT, release, { once: true });
    return () => {
      clearTimeout(timer);
      window.removeEventListener(PLATFORM_INFO_EVENT, release);
    };
  }, [inApp, waitMs]);
  return holding;
}

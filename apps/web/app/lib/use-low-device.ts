import { useSyncExternalStore } from 'react';
import { useRootData } from './root-data';

/** Window event the platform boot dispatches when it has judged the device (spec §9 rule). */
export const LOW_DEVICE_EVENT = 'h5:low-device';

declare global {
  interface Window {
    /** The platform boot's judgement from deviceMemory, cores, pixel ratio and the user agent. */
    __H5_LOW_DEVICE__?: boolean;
  }
}

const subscribe = (onChange: () => void) => {
  addEventListener(LOW_DEVICE_EVENT, onChange);
  return () => removeEventListener(LOW_DEVICE_EVENT, onChange);
};

/**
 * True on a low device: the server's hint (root data) through hydration, then the browser's own
 * judgement once the platform boot has made it. Pages ask for smaller images, skip autoplay and
 * prefetch less with it (docs/architecture.md "Low-device mode").
 */
export function useLowDevice(): boolean {
  const hint = !!useRootData()?.lowDevice;
  return useSyncExternalStore(
    subscribe,
    () => window.__H5_LOW_DEVICE__ ?? hint,
    () => hint,
  );
}

import { useState, useSyncExternalStore } from 'react';
import { useSteadyRootData } from './root-data';

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
  const hint = !!useSteadyRootData()?.lowDevice;
  return useSyncExternalStore(
    subscribe,
    () => window.__H5_LOW_DEVICE__ ?? hint,
    () => hint,
  );
}

/**
 * The verdict as it stood when the component mounted, for the size of a picture it requests: a
 * picture already asked for keeps its size when the boot's verdict arrives after hydration (a
 * swap would download it twice, later, on the device least able to afford it); pictures mounted
 * afterwards, and every page from the next load on, get the light sizes.
 */
export function useLowDeviceAtMount(): boolean {
  const now = useLowDevice();
  const [atMount] = useState(now);
  return atMount;
}

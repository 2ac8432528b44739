import { type RefObject, useEffect, useRef } from 'react';
import { useLowDevice } from './use-low-device';

/** How far below the viewport the next page starts loading. */
const PRELOAD_MARGIN = '0px 0px 800px 0px';
/** A low device fetches the next page later (less prefetched data and images it may never show). */
const LOW_DEVICE_PRELOAD_MARGIN = '0px 0px 200px 0px';

/** Calls `onReach` whenever the sentinel comes near the viewport, while `enabled`. */
export function useInfiniteScroll(
  sentinel: RefObject<Element | null>,
  enabled: boolean,
  onReach: () => void,
) {
  const callback = useRef(onReach);
  callback.current = onReach;
  const rootMargin = useLowDevice() ? LOW_DEVICE_PRELOAD_MARGIN : PRELOAD_MARGIN;
  useEffect(() => {
    const target = sentinel.current;
    if (!enabled || !target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) callback.current();
      },
      { rootMargin },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [sentinel, enabled, rootMargin]);
}

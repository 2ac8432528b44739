import { useEffect, useRef, useState } from 'react';
import { pullOffset, pullTriggers } from './pull-distance';

export interface PullState {
  /** Indicator offset in px; 0 when not pulling. */
  offset: number;
  /** Releasing now would refresh. */
  armed: boolean;
}

const IDLE: PullState = { offset: 0, armed: false };

/** Touch pull-down at the top of the page: past the trigger distance, releasing calls `onRefresh`. */
export function usePullToRefresh(onRefresh: () => void, enabled: boolean): PullState {
  const [pull, setPull] = useState<PullState>(IDLE);
  const refresh = useRef(onRefresh);
  refresh.current = onRefresh;

  useEffect(() => {
    if (!enabled) return;
    let startY: number | null = null;
    let travel = 0;
    const onStart = (event: TouchEvent) => {
      startY = window.scrollY <= 0 && event.touches.length === 1 ? (event.touches[0]?.clientY ?? null) : null;
      travel = 0;
    };
    const onMove = (event: TouchEvent) => {
      if (startY === null) return;
      travel = (event.touches[0]?.clientY ?? startY) - startY;
      if (window.scrollY > 0) travel = 0;
      setPull({ offset: pullOffset(travel), armed: pullTriggers(travel) });
    };
    const onEnd = () => {
      if (startY !== null && pullTriggers(travel)) refresh.current();
      startY = null;
      travel = 0;
      setPull(IDLE);
    };
    // One abort removes all four listeners; none of them cancels the touch, so all are passive.
    const listening = new AbortController();
    const options = { passive: true, signal: listening.signal };
    window.addEventListener('touchstart', onStart, options);
    window.addEventListener('touchmove', onMove, options);
    window.addEventListener('touchend', onEnd, options);
    window.addEventListener('touchcancel', onEnd, options);
    return () => listening.abort();
  }, [enabled]);

  return pull;
}

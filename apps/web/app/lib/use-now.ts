import { useSyncExternalStore } from 'react';
import { useSteadyRootData } from './root-data';

const MINUTE = 60_000;

/** The minute now, the same value for every reader until the next minute (a stable snapshot). */
const minuteNow = () => Math.floor(Date.now() / MINUTE) * MINUTE;

function subscribe(onMinute: () => void): () => void {
  const timer = setInterval(onMinute, MINUTE);
  return () => clearInterval(timer);
}

/**
 * Now, for relative times (`formatTime`, lib/format-time.ts): while a server page hydrates, the
 * moment the server drew it (root data `now`), so 3分钟前 reads the same on both sides; then the
 * browser's clock, moving on each minute.
 */
export function useNow(): number {
  const drawnAt = useSteadyRootData()?.now;
  return useSyncExternalStore(subscribe, minuteNow, () => drawnAt ?? minuteNow());
}

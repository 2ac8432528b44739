/** How long a chunk that failed while the browser says it is online waits for its one retry. */
export const ONLINE_RETRY_MS = 1000;

const nextOnline = () =>
  new Promise<void>((resolve) => window.addEventListener('online', () => resolve(), { once: true }));

/**
 * Runs `load` (a dynamic import) until it answers while the failures are the network's: offline, it
 * tries again when the browser is back online, as often as that takes; online, once more after
 * {@link ONLINE_RETRY_MS} (the network came back just as it failed, or dropped a moment), then the
 * failure is the caller's. A page that went offline before its after-hydration chunks arrived
 * still starts them: browsers no longer keep a failed import (whatwg/html#10327, Chromium here).
 */
export async function importWhenOnline<T>(load: () => Promise<T>): Promise<T> {
  let onlineFailures = 0;
  for (;;) {
    try {
      return await load();
    } catch (error) {
      if (!navigator.onLine) await nextOnline();
      else if (++onlineFailures > 1) throw error;
      else await new Promise((resolve) => setTimeout(resolve, ONLINE_RETRY_MS));
    }
  }
}

/** What the service worker and the page agree on: cache names, bounds, the saved-at header. */

/** Every cache of ours starts with it; logout and a new build delete them by it. */
const PREFIX = 'h5-offline-';

/** The header a kept answer carries: when it was saved (epoch ms). */
export const SAVED_AT_HEADER = 'x-h5-saved-at';

/**
 * The bounds: entries per cache (least recently used out) and the largest answer kept. At most
 * 40 × 512 KiB + 120 × 256 KiB + 150 × 1 MiB + 200 × 1 MiB of a reader's storage (~400 MiB in
 * theory; pages are ~30 KiB and images ~100 KiB, so ~30 MiB in practice).
 */
export const OFFLINE_LIMITS = {
  pages: { maxEntries: 40, maxBytes: 512 * 1024 },
  data: { maxEntries: 120, maxBytes: 256 * 1024 },
  assets: { maxEntries: 150, maxBytes: 1024 * 1024 },
  images: { maxEntries: 200, maxBytes: 1024 * 1024 },
} as const;

/** The cache names of one build; images outlive builds (they are content, not code). */
export function cacheNames(buildId: string) {
  return {
    pages: `${PREFIX}pages-${buildId}`,
    data: `${PREFIX}data-${buildId}`,
    assets: `${PREFIX}assets-${buildId}`,
    images: `${PREFIX}images`,
  };
}

/** The message a page in downgrade mode sends its worker: keep nothing more. */
export const OFFLINE_OFF = 'h5-offline-off';

/** Whether a cache is one of ours (any build). */
export const isOurCache = (name: string) => name.startsWith(PREFIX);

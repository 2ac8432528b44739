/** How a route prefetch ended: data, or the reason the page renders on the client instead. */
export type PrefetchResult<T> = { ok: true; data: T } | { ok: false; reason: 'timeout' | 'error' };

/**
 * Races a server-side prefetch against the prefetch timeout (spec §4, §8: over 3000 ms the
 * prefetch is abandoned and the page falls back to client rendering). Never rejects.
 */
export function racePrefetch<T>(work: Promise<T>, timeoutMs: number): Promise<PrefetchResult<T>> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<PrefetchResult<T>>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, reason: 'timeout' }), timeoutMs);
  });
  const settled = work.then(
    (data): PrefetchResult<T> => ({ ok: true, data }),
    (error: unknown): PrefetchResult<T> => {
      console.warn('prefetch failed, falling back to client rendering', error);
      return { ok: false, reason: 'error' };
    },
  );
  return Promise.race([settled, timeout]).finally(() => clearTimeout(timer));
}

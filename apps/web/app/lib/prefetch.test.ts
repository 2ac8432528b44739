import { afterEach, describe, expect, it, vi } from 'vitest';
import { racePrefetch } from './prefetch';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('racePrefetch', () => {
  it('returns the data when the prefetch is in time', async () => {
    await expect(racePrefetch(Promise.resolve(42), 3000)).resolves.toEqual({ ok: true, data: 42 });
  });

  it('gives up at the timeout and the page renders on the client', async () => {
    vi.useFakeTimers();
    const slow = new Promise<number>((resolve) => setTimeout(() => resolve(1), 5000));
    const raced = racePrefetch(slow, 3000);
    await vi.advanceTimersByTimeAsync(2999);
    let settled = false;
    void raced.then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(raced).resolves.toEqual({ ok: false, reason: 'timeout' });
  });

  it('turns a failed prefetch into a client-rendering fallback', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await expect(racePrefetch(Promise.reject(new Error('down')), 3000)).resolves.toEqual({
      ok: false,
      reason: 'error',
    });
  });
});

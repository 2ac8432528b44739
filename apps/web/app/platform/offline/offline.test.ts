import { MemoryStorage } from '@h5/tracker';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LazyApi } from '../../lib/api-client';
import { queuedLights, writeQueuedLights } from '../../lib/data-layer/offline-lights';
import { RESEND_FIRST_MS, sendQueuedLights } from './offline';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the lights tapped offline', () => {
  it('are sent again later when the network failed although the browser said online, each once', async () => {
    vi.stubGlobal('window', { localStorage: new MemoryStorage() });
    vi.stubGlobal('navigator', { onLine: true });
    vi.useFakeTimers();
    writeQueuedLights([7, 9]);
    const sent: number[] = [];
    let answers = 0;
    const api = (async (_name: string, input: { contentId: number }) => {
      answers += 1;
      // The first call finds no network (the connection not up yet): code 0.
      if (answers === 1) throw new TypeError('Failed to fetch');
      sent.push(input.contentId);
      return { isLight: true, lightCount: 1 };
    }) as unknown as LazyApi;

    await sendQueuedLights(api);
    expect(sent).toEqual([]);
    expect(queuedLights()).toEqual([7, 9]);
    // No `online` event comes: the page tries again by itself.
    await vi.advanceTimersByTimeAsync(RESEND_FIRST_MS);
    expect(sent).toEqual([7, 9]);
    expect(queuedLights()).toEqual([]);
    // Nothing left: no more tries.
    await vi.advanceTimersByTimeAsync(RESEND_FIRST_MS * 4);
    expect(sent).toEqual([7, 9]);
  });

  it('offline, waits for the online event (no timer)', async () => {
    vi.stubGlobal('window', { localStorage: new MemoryStorage() });
    vi.stubGlobal('navigator', { onLine: false });
    vi.useFakeTimers();
    writeQueuedLights([7]);
    let calls = 0;
    const api = (async () => {
      calls += 1;
      return { isLight: true, lightCount: 1 };
    }) as unknown as LazyApi;
    await sendQueuedLights(api);
    await vi.advanceTimersByTimeAsync(RESEND_FIRST_MS * 8);
    expect(calls).toBe(0);
    expect(queuedLights()).toEqual([7]);
  });
});

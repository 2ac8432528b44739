import { afterEach, describe, expect, it, vi } from 'vitest';
import { importWhenOnline, ONLINE_RETRY_MS } from './import-when-online';

const chunkFailure = () => new TypeError('Failed to fetch dynamically imported module: /assets/offline.js');

/** A browser whose `navigator.onLine` the test sets, and whose `online` event it fires. */
function stubBrowser(online: boolean) {
  const state = { online };
  const window = new EventTarget();
  vi.stubGlobal('navigator', {
    get onLine() {
      return state.online;
    },
  });
  vi.stubGlobal('window', window);
  return {
    goOnline() {
      state.online = true;
      window.dispatchEvent(new Event('online'));
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('importWhenOnline', () => {
  it('offline, waits for the network however long, then loads the chunk', async () => {
    const browser = stubBrowser(false);
    vi.useFakeTimers();
    let loads = 0;
    const loaded = importWhenOnline(async () => {
      loads += 1;
      if (loads < 3) throw chunkFailure();
      return 'module';
    });
    // Failing while offline, it does not spin: nothing more however long, until the browser is online.
    await vi.advanceTimersByTimeAsync(ONLINE_RETRY_MS * 10);
    expect(loads).toBe(1);
    browser.goOnline();
    // The second try fails online (the connection is not up yet): one more after a second.
    await vi.advanceTimersByTimeAsync(0);
    expect(loads).toBe(2);
    await vi.advanceTimersByTimeAsync(ONLINE_RETRY_MS);
    await expect(loaded).resolves.toBe('module');
    expect(loads).toBe(3);
  });

  it('online, a chunk that fails twice is the caller’s failure', async () => {
    stubBrowser(true);
    vi.useFakeTimers();
    let loads = 0;
    const loaded = importWhenOnline(async () => {
      loads += 1;
      throw chunkFailure();
    });
    const outcome = expect(loaded).rejects.toThrow(/dynamically imported module/);
    await vi.advanceTimersByTimeAsync(ONLINE_RETRY_MS);
    await outcome;
    expect(loads).toBe(2);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EVICTION_SLACK } from './event-store';
import { FakeStorage, openTab, pageView, recordingTransport } from './test-utils';

beforeEach(() => {
  vi.useFakeTimers({ now: 1_700_000_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

const offline = () => recordingTransport(() => Promise.reject(new Error('offline')));

describe('the byte budget', () => {
  it('evicts the oldest events first once the queue is over its budget, and counts them', () => {
    const storage = new FakeStorage();
    const budgetBytes = 16 * 1024;
    const { analytics, logger } = openTab({ storage, budgetBytes, transport: offline() });
    for (let i = 0; i < 100; i++) {
      analytics.track('pageView', pageView(i));
      vi.setSystemTime(Date.now() + 1);
    }
    const kept = storage.events().map((event) => (event.payload as { path: string }).path);
    const { evicted, bytes, queued } = analytics.stats();
    expect(evicted).toBeGreaterThan(0);
    expect(evicted + queued).toBe(100);
    expect(bytes).toBeLessThanOrEqual(budgetBytes);
    // The newest survive, the oldest went.
    expect(kept).toContain('/feed/99');
    expect(kept).not.toContain('/feed/0');
    expect(Math.min(...kept.map((path) => Number(path.split('/')[2])))).toBe(evicted);
    expect(logger.warn).toHaveBeenCalledWith('[tracker]', expect.stringContaining('oldest events evicted'));
  });

  it('evicts down past the budget by a slack, so eviction runs rarely', () => {
    const budgetBytes = 16 * 1024;
    const { analytics } = openTab({ budgetBytes, transport: offline() });
    let evictions = 0;
    let last = 0;
    for (let i = 0; i < 400; i++) {
      analytics.track('pageView', pageView(i));
      const { evicted } = analytics.stats();
      if (evicted > last) evictions++;
      last = evicted;
    }
    expect(evictions * 3).toBeLessThan(last);
    expect(analytics.stats().bytes).toBeGreaterThan(budgetBytes * (1 - 2 * EVICTION_SLACK));
  });

  it('counts every tab’s events once it has scanned the shared storage', async () => {
    const storage = new FakeStorage();
    const budgetBytes = 16 * 1024;
    const first = openTab({ storage, budgetBytes, transport: offline() });
    for (let i = 0; i < 40; i++) first.analytics.track('pageView', pageView(i));
    const second = openTab({ storage, budgetBytes, transport: offline() });
    await vi.advanceTimersByTimeAsync(25 * 200);
    for (let i = 40; i < 80; i++) second.analytics.track('pageView', pageView(i));
    expect(second.analytics.stats().bytes).toBeLessThanOrEqual(budgetBytes);
    expect(second.analytics.stats().evicted).toBeGreaterThan(0);
  });

  it('drops a single event larger than the whole budget', () => {
    const storage = new FakeStorage();
    const { analytics } = openTab({ storage, budgetBytes: 200 });
    analytics.track('pageView', pageView());
    expect(storage.events()).toEqual([]);
    expect(analytics.stats().evicted).toBe(1);
  });
});

describe('storage blocked or full', () => {
  it('keeps events in memory when every storage access throws SecurityError, and still sends them', async () => {
    const storage = new FakeStorage();
    storage.mode = 'blocked';
    const { analytics, transport } = openTab({ storage });
    expect(() => analytics.track('pageView', pageView())).not.toThrow();
    expect(analytics.stats()).toMatchObject({ storage: 'memory', storageError: 'SecurityError', queued: 1 });
    await vi.advanceTimersByTimeAsync(200);
    expect(transport.batches).toHaveLength(1);
    expect(analytics.stats()).toMatchObject({ queued: 0, sent: 1 });
  });

  it('keeps events in memory when reaching localStorage itself throws', async () => {
    const { analytics, transport } = openTab({
      storage: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    });
    analytics.track('pageView', pageView());
    expect(analytics.stats()).toMatchObject({ storage: 'memory', storageError: 'SecurityError' });
    await vi.advanceTimersByTimeAsync(200);
    expect(transport.batches).toHaveLength(1);
  });

  it('keeps events in memory when storage is full, and moves them back once it has room', async () => {
    const storage = new FakeStorage();
    const transport = offline();
    const { analytics } = openTab({ storage, transport });
    storage.mode = 'full';
    analytics.track('pageView', pageView(1));
    analytics.track('pageView', pageView(2));
    expect(storage.events()).toEqual([]);
    expect(analytics.stats()).toMatchObject({
      storage: 'memory',
      storageError: 'QuotaExceededError',
      queued: 2,
    });
    await vi.advanceTimersByTimeAsync(400);
    expect(storage.events()).toEqual([]);
    storage.mode = 'ok';
    await vi.advanceTimersByTimeAsync(200);
    expect(storage.events().map((event) => event.payload)).toEqual([pageView(1), pageView(2)]);
    expect(analytics.stats()).toMatchObject({ storage: 'local', storageError: null, queued: 2 });
  });

  it('tries a full storage once a tick, not once a track', async () => {
    const storage = new FakeStorage();
    const attempts = vi.spyOn(storage, 'setItem');
    const { analytics } = openTab({ storage, transport: offline() });
    await vi.advanceTimersByTimeAsync(200);
    storage.mode = 'full';
    attempts.mockClear();
    for (let i = 0; i < 50; i++) analytics.track('pageView', pageView(i));
    expect(attempts).toHaveBeenCalledTimes(1);
  });

  it('never throws into the page, whatever the storage does', async () => {
    const storage = new FakeStorage();
    const { analytics } = openTab({ storage });
    analytics.track('pageView', pageView());
    storage.mode = 'blocked';
    expect(() => analytics.track('pageView', pageView(2))).not.toThrow();
    await expect(analytics.flush()).resolves.toBeUndefined();
    await vi.advanceTimersByTimeAsync(1000);
    expect(() => analytics.stop()).not.toThrow();
  });

  it('works with no storage at all (memory only)', async () => {
    const { analytics, transport } = openTab({ storage: null });
    analytics.track('pageView', pageView());
    await vi.advanceTimersByTimeAsync(200);
    expect(transport.batches).toHaveLength(1);
  });
});

describe('reload', () => {
  it('a new page over the same storage sends the events the old page left, with their uuids', async () => {
    const storage = new FakeStorage();
    const old = openTab({ storage, transport: offline() });
    for (let i = 0; i < 3; i++) old.analytics.track('pageView', pageView(i));
    await vi.advanceTimersByTimeAsync(400);
    const left = storage.events().map((event) => event.uuid);
    old.analytics.stop(); // the page goes away
    const next = openTab({ storage });
    await vi.advanceTimersByTimeAsync(200);
    expect(next.transport.sent().sort()).toEqual([...left].sort());
    expect(storage.events()).toEqual([]);
  });

  it('a new page takes over the lease a crashed page left once it is stale', async () => {
    const storage = new FakeStorage();
    const old = openTab({ storage, transport: offline() });
    old.analytics.track('pageView', pageView());
    old.analytics.stop();
    // The page crashed: its lease stays in storage, unreleased, for another 3 s.
    storage.setItem('h5:analytics:lease', `crashed-page|${Date.now() + 3000}`);
    const next = openTab({ storage });
    await vi.advanceTimersByTimeAsync(2800);
    expect(next.transport.send).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(400);
    expect(next.transport.sent()).toHaveLength(1);
  });
});

describe('corrupted entries', () => {
  it('deletes an unreadable value and a malformed key under the prefix; leaves other keys alone', async () => {
    const storage = new FakeStorage();
    const future = (Date.now() + 60_000).toString(36);
    storage.setItem(`h5:analytics:e:${future}:a:bad-json`, '{nope');
    storage.setItem('h5:analytics:e:garbage', 'x');
    storage.setItem('app:setting', 'keep');
    const { analytics, transport } = openTab({ storage });
    await vi.advanceTimersByTimeAsync(400);
    expect(transport.send).not.toHaveBeenCalled();
    expect(storage.keys().filter((key) => key.includes(':e:'))).toEqual([]);
    expect(storage.getItem('app:setting')).toBe('keep');
    expect(analytics.stats().corrupted).toBe(2);
  });
});

describe('odd payloads', () => {
  it('drops an event that cannot be serialised, without throwing into the page', () => {
    const { analytics, logger } = openTab();
    const payload: Record<string, unknown> = { pageId: 9, path: '/' };
    payload.self = payload;
    expect(() => analytics.track('pageView', payload as never)).not.toThrow();
    expect(analytics.stats()).toMatchObject({ queued: 0, corrupted: 1 });
    expect(logger.warn).toHaveBeenCalled();
  });

  it('a memory-held event is a snapshot: changing the payload object later does not change it', async () => {
    const storage = new FakeStorage();
    storage.mode = 'blocked';
    const { analytics, transport } = openTab({ storage });
    const payload = { pageId: 9 as const, path: '/before' };
    analytics.track('pageView', payload);
    payload.path = '/after';
    await vi.advanceTimersByTimeAsync(200);
    expect(transport.batches[0]?.[0]?.payload).toEqual({ pageId: 9, path: '/before' });
  });
});

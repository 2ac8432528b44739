import type { AnalyticsEvent } from '@h5/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeStorage, heldTransport, openTab, pageView, recordingTransport } from './test-utils';

beforeEach(() => {
  vi.useFakeTimers({ now: 1_700_000_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

function recordingBeacon(taken = true) {
  const calls: AnalyticsEvent[][] = [];
  const beacon = vi.fn((events: AnalyticsEvent[]) => {
    calls.push(events);
    return taken;
  });
  return Object.assign(beacon, { calls });
}

describe('flush on page hide', () => {
  it('hands the queue to the beacon when the page is hidden, and no later tick sends those events', async () => {
    const storage = new FakeStorage();
    const beacon = recordingBeacon();
    const { analytics, transport, page } = openTab({ storage, beacon });
    await vi.advanceTimersByTimeAsync(200);
    for (let i = 0; i < 3; i++) analytics.track('pageView', pageView(i));
    page.hide();
    expect(beacon.calls).toHaveLength(1);
    expect(beacon.calls[0]?.map((event) => event.payload)).toEqual([pageView(0), pageView(1), pageView(2)]);
    expect(storage.events()).toEqual([]);
    page.show();
    await vi.advanceTimersByTimeAsync(1000);
    expect(transport.send).not.toHaveBeenCalled();
    expect(analytics.stats()).toMatchObject({ beaconed: 3, queued: 0 });
  });

  it('also on pagehide; a second hide finds nothing left to send', async () => {
    const beacon = recordingBeacon();
    const { analytics, page } = openTab({ beacon });
    await vi.advanceTimersByTimeAsync(200);
    analytics.track('pageView', pageView());
    page.pagehide();
    page.hide();
    expect(beacon.calls).toHaveLength(1);
  });

  it('leaves events already in flight to their batch', async () => {
    const transport = heldTransport();
    const beacon = recordingBeacon();
    const { analytics, page } = openTab({ beacon, transport });
    analytics.track('pageView', pageView(1));
    await vi.advanceTimersByTimeAsync(200);
    analytics.track('pageView', pageView(2));
    page.hide();
    expect(beacon.calls.map((events) => events.map((e) => e.payload))).toEqual([[pageView(2)]]);
    transport.answerNext();
    await vi.advanceTimersByTimeAsync(200);
    expect(analytics.stats()).toMatchObject({ sent: 1, beaconed: 1, queued: 0 });
  });

  it('keeps the events when the browser refuses the beacon; the next tick sends them', async () => {
    const storage = new FakeStorage();
    const beacon = recordingBeacon(false);
    const { analytics, transport, page } = openTab({ storage, beacon });
    await vi.advanceTimersByTimeAsync(200);
    analytics.track('pageView', pageView());
    page.hide();
    expect(beacon).toHaveBeenCalledTimes(1);
    expect(storage.events()).toHaveLength(1);
    page.show();
    await vi.advanceTimersByTimeAsync(400);
    expect(transport.sent()).toHaveLength(1);
    expect(storage.events()).toEqual([]);
  });

  it('a beacon that throws is logged and keeps the events', async () => {
    const storage = new FakeStorage();
    const { analytics, page, logger } = openTab({
      storage,
      beacon: () => {
        throw new Error('blocked');
      },
    });
    await vi.advanceTimersByTimeAsync(200);
    analytics.track('pageView', pageView());
    expect(() => page.hide()).not.toThrow();
    expect(storage.events()).toHaveLength(1);
    expect(logger.warn).toHaveBeenCalled();
  });

  it('sends at most 100 events and stays under the beacon size; the rest wait for the next page', async () => {
    const storage = new FakeStorage();
    const beacon = recordingBeacon();
    const transport = recordingTransport(() => Promise.reject(new Error('offline')));
    const { analytics, page } = openTab({ storage, beacon, transport });
    await vi.advanceTimersByTimeAsync(200);
    for (let i = 0; i < 150; i++) analytics.track('pageView', pageView(i));
    page.hide();
    expect(beacon.calls[0]).toHaveLength(100);
    expect(JSON.stringify({ events: beacon.calls[0] }).length).toBeLessThan(64 * 1024);
    expect(storage.events()).toHaveLength(50);
    const big = openTab({ storage: new FakeStorage(), beacon, transport });
    await vi.advanceTimersByTimeAsync(200);
    const long = '/p'.repeat(240);
    for (let i = 0; i < 100; i++) big.analytics.track('pageView', { pageId: 9, path: `${long}${i}` });
    big.page.hide();
    expect(JSON.stringify({ events: beacon.calls[1] }).length).toBeLessThan(64 * 1024);
    expect(beacon.calls[1]?.length).toBeLessThan(100);
  });

  it('a tab that is not the sender hands over only its own memory events', async () => {
    const storage = new FakeStorage();
    const sender = openTab({ storage });
    await vi.advanceTimersByTimeAsync(200);
    const beacon = recordingBeacon();
    const other = openTab({ storage, beacon });
    other.analytics.track('pageView', pageView());
    other.page.hide();
    expect(beacon).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(sender.transport.sent()).toHaveLength(1);
  });

  it('without a beacon, hiding keeps everything for later', async () => {
    const storage = new FakeStorage();
    const { analytics, page } = openTab({ storage });
    await vi.advanceTimersByTimeAsync(200);
    analytics.track('pageView', pageView());
    page.hide();
    expect(storage.events()).toHaveLength(1);
  });

  it('stop() removes the page listeners', () => {
    const beacon = recordingBeacon();
    const { analytics, page } = openTab({ beacon });
    expect(page.document.count('visibilitychange')).toBe(1);
    expect(page.window.count('pagehide')).toBe(1);
    analytics.stop();
    expect(page.document.count('visibilitychange')).toBe(0);
    expect(page.window.count('pagehide')).toBe(0);
    expect(page.window.count('pageshow')).toBe(0);
  });
});

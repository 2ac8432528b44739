import type { AnalyticsEvent } from '@h5/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeStorage, heldTransport, openTab, pageView, recordingTransport } from './test-utils';

beforeEach(() => {
  vi.useFakeTimers({ now: 1_700_000_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

const uuidsOf = (events: AnalyticsEvent[]) => events.map((event) => event.uuid);

describe('the queue tick (spec §4)', () => {
  it('runs every 200 ms', async () => {
    const { analytics, transport } = openTab();
    analytics.track('pageView', pageView());
    await vi.advanceTimersByTimeAsync(199);
    expect(transport.send).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(transport.batches).toHaveLength(1);
    analytics.track('pageView', pageView(2));
    await vi.advanceTimersByTimeAsync(200);
    expect(transport.batches).toHaveLength(2);
  });

  it('sends at most 100 events a tick, as one batch', async () => {
    const { analytics, transport } = openTab();
    for (let i = 0; i < 250; i++) analytics.track('pageView', pageView(i));
    await vi.advanceTimersByTimeAsync(200);
    await vi.advanceTimersByTimeAsync(200);
    await vi.advanceTimersByTimeAsync(200);
    expect(transport.batches.map((batch) => batch.length)).toEqual([100, 100, 50]);
    expect(new Set(transport.sent()).size).toBe(250);
    expect(analytics.stats()).toMatchObject({ queued: 0, sent: 250 });
  });

  it('picks the events in random order', async () => {
    const storage = new FakeStorage();
    const { analytics, transport } = openTab({ storage });
    for (let i = 0; i < 100; i++) analytics.track('pageView', pageView(i));
    const stored = uuidsOf(storage.events());
    await vi.advanceTimersByTimeAsync(200);
    const sent = uuidsOf(transport.batches[0] ?? []);
    expect([...sent].sort()).toEqual([...stored].sort());
    expect(sent).not.toEqual(stored);
    // A different random source picks a different order.
    const other = openTab({ storage: new FakeStorage(), random: () => 0.999 });
    for (let i = 0; i < 5; i++) other.analytics.track('pageView', pageView(i));
    await vi.advanceTimersByTimeAsync(200);
    const inserted = (other.transport.batches[0] ?? []).map((e) => (e.payload as { path: string }).path);
    expect(inserted).not.toEqual(['/feed/0', '/feed/1', '/feed/2', '/feed/3', '/feed/4']);
  });

  it('does not send an event again while its batch is in flight', async () => {
    const transport = heldTransport();
    const { analytics } = openTab({ transport });
    analytics.track('pageView', pageView(1));
    await vi.advanceTimersByTimeAsync(200);
    const [first] = transport.sent();
    analytics.track('pageView', pageView(2));
    await vi.advanceTimersByTimeAsync(600);
    expect(transport.sent()).toHaveLength(2);
    expect(transport.sent().filter((uuid) => uuid === first)).toHaveLength(1);
    expect(analytics.stats().inFlight).toBe(2);
    transport.answerNext();
    transport.answerNext();
    await vi.advanceTimersByTimeAsync(400);
    expect(transport.sent()).toHaveLength(2);
    expect(analytics.stats()).toMatchObject({ inFlight: 0, sent: 2, queued: 0 });
  });

  it('keeps at most 4 batches waiting for answers', async () => {
    const transport = heldTransport();
    const { analytics } = openTab({ transport });
    for (let i = 0; i < 1000; i++) analytics.track('pageView', pageView(i));
    await vi.advanceTimersByTimeAsync(2000);
    expect(transport.batches).toHaveLength(4);
    transport.answerNext();
    await vi.advanceTimersByTimeAsync(200);
    expect(transport.batches).toHaveLength(5);
  });

  it('removes an event from storage after a successful send, and never sends it again', async () => {
    const storage = new FakeStorage();
    const { analytics, transport } = openTab({ storage });
    analytics.track('pageView', pageView());
    analytics.track('pageView', pageView(2));
    expect(storage.events()).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(200);
    expect(storage.events()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(transport.sent()).toHaveLength(2);
  });

  it('removes and logs events refused for good', async () => {
    const storage = new FakeStorage();
    const transport = recordingTransport((events) => ({
      succeeded: uuidsOf(events.slice(1)),
      failedPermanently: uuidsOf(events.slice(0, 1)),
      reasons: { [events[0]?.uuid ?? '']: 'payload.path: too long' },
    }));
    const { analytics, logger } = openTab({ storage, transport, random: () => 0 });
    analytics.track('pageView', pageView(1));
    analytics.track('pageView', pageView(2));
    await vi.advanceTimersByTimeAsync(200);
    expect(storage.events()).toEqual([]);
    expect(analytics.stats()).toMatchObject({ sent: 1, failedPermanently: 1 });
    const refused = transport.batches[0]?.[0]?.uuid;
    expect(logger.warn).toHaveBeenCalledWith('[tracker]', '1 events refused for good and removed', [
      { uuid: refused, reason: 'payload.path: too long' },
    ]);
  });

  it('keeps the events of a failed send and sends them again on the next tick', async () => {
    const storage = new FakeStorage();
    const transport = recordingTransport(() => Promise.reject(new Error('offline')));
    const { analytics, logger } = openTab({ storage, transport });
    analytics.track('pageView', pageView());
    await vi.advanceTimersByTimeAsync(200);
    await vi.advanceTimersByTimeAsync(200);
    expect(transport.batches).toHaveLength(2);
    expect(storage.events()).toHaveLength(1);
    expect(logger.warn).toHaveBeenCalledTimes(1); // once per failure streak
    transport.answer = (events) => ({ succeeded: uuidsOf(events), failedPermanently: [] });
    await vi.advanceTimersByTimeAsync(200);
    expect(storage.events()).toEqual([]);
    expect(analytics.stats()).toMatchObject({ sent: 1, failedBatches: 2 });
  });

  it('keeps events the answer does not mention, and treats a malformed answer as a failure', async () => {
    const storage = new FakeStorage();
    const transport = recordingTransport((events) => ({
      succeeded: uuidsOf(events.slice(0, 1)),
      failedPermanently: [],
    }));
    const { analytics } = openTab({ storage, transport });
    analytics.track('pageView', pageView(1));
    analytics.track('pageView', pageView(2));
    await vi.advanceTimersByTimeAsync(200);
    expect(storage.events()).toHaveLength(1);
    transport.answer = () => ({}) as never;
    await vi.advanceTimersByTimeAsync(200);
    expect(storage.events()).toHaveLength(1);
    expect(analytics.stats().failedBatches).toBe(1);
  });

  it('sends nothing while the device is offline', async () => {
    const { analytics, transport, page } = openTab();
    page.navigator.onLine = false;
    analytics.track('pageView', pageView());
    await vi.advanceTimersByTimeAsync(1000);
    expect(transport.send).not.toHaveBeenCalled();
    page.navigator.onLine = true;
    await vi.advanceTimersByTimeAsync(200);
    expect(transport.batches).toHaveLength(1);
  });

  it('deletes expired events without sending them', async () => {
    const storage = new FakeStorage();
    const transport = recordingTransport(() => Promise.reject(new Error('offline')));
    const { analytics } = openTab({ storage, transport });
    analytics.track('pageView', pageView());
    const expiresAt = Date.now() + 10_800_000;
    await vi.advanceTimersByTimeAsync(200);
    // Three hours pass at once (a frozen page): the lease went stale and is taken again first.
    vi.setSystemTime(expiresAt - 600);
    await vi.advanceTimersByTimeAsync(400);
    expect(storage.events()).toHaveLength(1);
    const attempts = transport.batches.length;
    await vi.advanceTimersByTimeAsync(200);
    expect(storage.events()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(transport.batches).toHaveLength(attempts);
    expect(analytics.stats()).toMatchObject({ expired: 1, queued: 0 });
  });

  it('deletes expired events another page left behind', async () => {
    const storage = new FakeStorage();
    const old = openTab({ storage, transport: recordingTransport(() => Promise.reject(new Error('x'))) });
    old.analytics.track('pageView', pageView());
    old.analytics.stop();
    vi.setSystemTime(Date.now() + 10_800_000);
    const next = openTab({ storage });
    await vi.advanceTimersByTimeAsync(200);
    expect(next.transport.send).not.toHaveBeenCalled();
    expect(storage.events()).toEqual([]);
    expect(next.analytics.stats().expired).toBe(1);
  });

  it('flush() sends now and resolves once the batch is answered', async () => {
    const storage = new FakeStorage();
    const { analytics, transport } = openTab({ storage });
    analytics.track('pageView', pageView());
    await vi.advanceTimersByTimeAsync(200);
    analytics.track('pageView', pageView(2));
    await analytics.flush();
    expect(transport.batches).toHaveLength(2);
    expect(storage.events()).toEqual([]);
  });

  it('drains at the ceiling: 100 events per tick while the transport keeps up', async () => {
    const { analytics, transport } = openTab({ budgetBytes: 8 * 1024 * 1024 });
    for (let i = 0; i < 5000; i++) analytics.track('pageView', pageView(i));
    for (let tick = 0; tick < 50; tick++) await vi.advanceTimersByTimeAsync(200);
    expect(transport.batches.every((batch) => batch.length === 100)).toBe(true);
    expect(new Set(transport.sent()).size).toBe(5000);
  });
});

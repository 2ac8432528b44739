import { TRACKER_MESSAGES } from '@h5/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnalyticsOptions, createAnalytics } from './create-analytics';
import { TrackerRegistry } from './registry';
import { FakeStorage, openTab, pageView, spyLogger } from './test-utils';
import { type TrackedEvent, Tracker } from './tracker';
import { isTrackerError } from './tracker-error';

beforeEach(() => {
  vi.useFakeTimers({ now: 1_700_000_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createAnalytics: configuration', () => {
  it('without a transport logs the configuration messages and throws naming the undefined method', () => {
    const logger = spyLogger();
    let caught: unknown;
    try {
      createAnalytics({ logger } as unknown as AnalyticsOptions);
    } catch (error) {
      caught = error;
    }
    expect(isTrackerError(caught) && caught.code).toBe('configMissing');
    expect((caught as Error).message).toBe(TRACKER_MESSAGES.trackUndefined('transport.send'));
    expect(logger.error).toHaveBeenCalledWith('[tracker]', TRACKER_MESSAGES.configMissing);
    expect(logger.error).toHaveBeenCalledWith('[tracker]', TRACKER_MESSAGES.trackUndefined('transport.send'));
  });

  it('with no options at all it does the same', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => createAnalytics(undefined as unknown as AnalyticsOptions)).toThrow(
      TRACKER_MESSAGES.trackUndefined('transport.send'),
    );
    expect(error).toHaveBeenCalledWith('[tracker]', TRACKER_MESSAGES.configMissing);
    error.mockRestore();
  });

  it('registers its queue tracker under its name and target, and stop() unregisters it', () => {
    const registry = new TrackerRegistry();
    const { analytics } = openTab({ registry, trackerName: 'community' });
    expect(registry.get('community')?.target).toBe('collector');
    analytics.stop();
    expect(registry.get('community')).toBeUndefined();
  });
});

describe('track', () => {
  it('persists the event at enqueue time, before any tick, with the spec fields and the sender', () => {
    const storage = new FakeStorage();
    const anonymousId = '0f0f0f0f-1111-4222-8333-444455556666';
    const { analytics, transport } = openTab({ storage, anonymousId });
    analytics.track('feedClick', { pageId: 637, contentId: 12, position: 3 });
    const [event] = storage.events();
    expect(event).toEqual({
      uuid: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      tracker: 'community',
      event: 'feedClick',
      payload: { pageId: 637, contentId: 12, position: 3 },
      occurredAt: Date.now(),
      expiresAt: Date.now() + 10_800_000,
      // Spec §3's anonymous id, §9's client id 'h5' and build release 5.79.1.
      anonymousId,
      clientId: 'h5',
      release: '5.79.1',
    });
    expect(storage.writes).toBe(2); // the event, and the lease claimed at start
    expect(transport.send).not.toHaveBeenCalled();
  });

  it('writes one key per event: a track never rewrites the queue', () => {
    const storage = new FakeStorage();
    const { analytics } = openTab({ storage });
    const before = storage.writes;
    for (let i = 0; i < 50; i++) analytics.track('pageView', pageView(i));
    expect(storage.writes - before).toBe(50);
    expect(new Set(storage.events().map((e) => e.uuid)).size).toBe(50);
  });

  it('is typed by event name', () => {
    const { analytics } = openTab();
    analytics.track('pageView', { pageId: 9, path: '/' });
    // @ts-expect-error a page id the spec does not use
    analytics.track('pageView', { pageId: 10, path: '/' });
    // @ts-expect-error a feed click needs a content id
    analytics.track('feedClick', { pageId: 9, position: 0 });
    // @ts-expect-error an unknown event
    analytics.track('purchase', {});
    expect(analytics.stats().queued).toBe(4);
  });

  it('hands each event to every registered tracker; a failing tracker breaks neither track nor the others', () => {
    class DebugTracker extends Tracker {
      override readonly name: string = 'debug';
      override readonly target = 'console';
      readonly seen: TrackedEvent[] = [];
      override track(event: TrackedEvent): void {
        this.seen.push(event);
      }
    }
    class BrokenTracker extends DebugTracker {
      override readonly name = 'broken';
      override track(): void {
        throw new Error('boom');
      }
    }
    const registry = new TrackerRegistry();
    const debug = new DebugTracker();
    registry.register(new BrokenTracker());
    registry.register(debug);
    const { analytics, logger } = openTab({ registry });
    expect(() => analytics.track('pageView', pageView())).not.toThrow();
    expect(debug.seen).toEqual([{ event: 'pageView', payload: pageView(), occurredAt: Date.now() }]);
    expect(analytics.stats().queued).toBe(1);
    expect(logger.error).toHaveBeenCalledWith('[tracker]', 'tracker broken failed', expect.any(Error));
  });

  it('does nothing after stop()', () => {
    const storage = new FakeStorage();
    const { analytics } = openTab({ storage });
    analytics.stop();
    analytics.track('pageView', pageView());
    expect(storage.events()).toEqual([]);
  });
});

describe('stats', () => {
  it('reports the queue, the storage mode and the sender lock', async () => {
    const { analytics } = openTab();
    analytics.track('pageView', pageView());
    expect(analytics.stats()).toMatchObject({ queued: 1, storage: 'local', lock: 'lease', sent: 0 });
    await vi.advanceTimersByTimeAsync(200);
    expect(analytics.stats()).toMatchObject({ queued: 0, sent: 1, sender: true, inFlight: 0, bytes: 0 });
  });
});

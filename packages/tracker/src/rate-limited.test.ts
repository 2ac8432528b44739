import type { AnalyticsEvent } from '@h5/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeStorage, openTab, pageView } from './test-utils';
import { type CollectAnswer, createCollectorTransport } from './transport';

beforeEach(() => {
  vi.useFakeTimers({ now: 1_700_000_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

/** What the request client rejects with when the collector answers HTTP 429 (an ApiError). */
const tooManyRequests = () =>
  Object.assign(new Error('上报过于频繁，请 1 分钟后再试'), { code: 429, httpStatus: 429, kind: 'http' });

/** The collector over a `post` that refuses with 429 while `limited` is true, else stores all. */
function collector() {
  const state = { limited: true, posts: 0 };
  const post = vi.fn(async ({ events }: { events: AnalyticsEvent[] }): Promise<CollectAnswer> => {
    state.posts++;
    if (state.limited) throw tooManyRequests();
    return { accepted: events.map((e) => e.uuid), duplicates: [], rejected: [] };
  });
  return { state, transport: createCollectorTransport(post) };
}

describe('a rate-limited collector (HTTP 429, issue 11 point 6)', () => {
  it('keeps the events, pauses 5 s before sending again, and then delivers them', async () => {
    const storage = new FakeStorage();
    const { state, transport } = collector();
    const { analytics } = openTab({ storage, transport });
    for (let i = 0; i < 3; i++) analytics.track('pageView', pageView(i));
    await vi.advanceTimersByTimeAsync(200);
    expect(state.posts).toBe(1);
    expect(storage.events()).toHaveLength(3);
    // Nothing is sent during the pause…
    await vi.advanceTimersByTimeAsync(4_800);
    expect(state.posts).toBe(1);
    // …then the same events go again, and arrive.
    state.limited = false;
    await vi.advanceTimersByTimeAsync(400);
    expect(state.posts).toBe(2);
    expect(storage.events()).toEqual([]);
    expect(analytics.stats()).toMatchObject({ sent: 3, failedPermanently: 0, failedBatches: 1 });
  });

  it('doubles the pause while the collector keeps refusing', async () => {
    const { state, transport } = collector();
    const { analytics } = openTab({ transport });
    analytics.track('pageView', pageView());
    await vi.advanceTimersByTimeAsync(200); // refused: pause 5 s
    await vi.advanceTimersByTimeAsync(5_000); // refused again: pause 10 s
    expect(state.posts).toBe(2);
    await vi.advanceTimersByTimeAsync(9_800);
    expect(state.posts).toBe(2);
    await vi.advanceTimersByTimeAsync(400);
    expect(state.posts).toBe(3);
  });

  it('hands nothing to the page-hide beacon while paused: the events wait in storage for the next page', async () => {
    const storage = new FakeStorage();
    const { transport } = collector();
    const beacon = vi.fn(() => true);
    const { analytics, page } = openTab({ storage, transport, beacon });
    analytics.track('pageView', pageView(1));
    analytics.track('pageView', pageView(2));
    await vi.advanceTimersByTimeAsync(200);
    page.hide();
    expect(beacon).not.toHaveBeenCalled();
    expect(storage.events()).toHaveLength(2);
    expect(analytics.stats()).toMatchObject({ beaconed: 0, failedPermanently: 0 });
  });

  it('other failures (network, 5xx) still retry at the next tick', async () => {
    const post = vi.fn(async (): Promise<CollectAnswer> => {
      throw Object.assign(new Error('network error'), { httpStatus: 0 });
    });
    const { analytics } = openTab({ transport: createCollectorTransport(post) });
    analytics.track('pageView', pageView());
    await vi.advanceTimersByTimeAsync(600);
    expect(post).toHaveBeenCalledTimes(3);
  });
});

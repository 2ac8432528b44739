import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  FakeStorage,
  fakeLocks,
  heldTransport,
  openTab,
  pageView,
  recordingTransport,
  type Tab,
} from './test-utils';

beforeEach(() => {
  vi.useFakeTimers({ now: 1_700_000_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Every uuid sent by any tab, repeats included. */
const allSent = (tabs: Tab[]) => tabs.flatMap((tab) => tab.transport.sent());

describe.each([
  ['a storage lease', () => null],
  ['Web Locks', () => fakeLocks()],
])('one sender across tabs with %s', (_name, makeLocks) => {
  it('only one tab sends, and no uuid is sent twice', async () => {
    const storage = new FakeStorage();
    const locks = makeLocks();
    const tabs = [openTab({ storage, locks }), openTab({ storage, locks }), openTab({ storage, locks })];
    for (let round = 0; round < 20; round++) {
      for (const [i, tab] of tabs.entries()) {
        for (let k = 0; k < 30; k++) tab.analytics.track('pageView', pageView(round * 100 + i * 30 + k));
      }
      await vi.advanceTimersByTimeAsync(200);
    }
    await vi.advanceTimersByTimeAsync(2000);
    const sent = allSent(tabs);
    expect(sent).toHaveLength(20 * 3 * 30);
    expect(new Set(sent).size).toBe(sent.length);
    expect(tabs.filter((tab) => tab.transport.batches.length > 0)).toHaveLength(1);
    expect(tabs.filter((tab) => tab.analytics.stats().sender)).toHaveLength(1);
    expect(storage.events()).toEqual([]);
  });

  it('another tab takes over when the sender goes away, without resending', async () => {
    const storage = new FakeStorage();
    const locks = makeLocks();
    const first = openTab({ storage, locks });
    const second = openTab({ storage, locks });
    for (let i = 0; i < 150; i++) second.analytics.track('pageView', pageView(i));
    await vi.advanceTimersByTimeAsync(200);
    const sender = first.analytics.stats().sender ? first : second;
    const other = sender === first ? second : first;
    expect(sender.transport.sent()).toHaveLength(100);
    sender.analytics.stop();
    await vi.advanceTimersByTimeAsync(1400);
    expect(other.analytics.stats().sender).toBe(true);
    const sent = allSent([first, second]);
    expect(sent).toHaveLength(150);
    expect(new Set(sent).size).toBe(150);
  });

  it('a hidden sender lets a visible tab take over', async () => {
    const storage = new FakeStorage();
    const locks = makeLocks();
    const first = openTab({ storage, locks });
    await vi.advanceTimersByTimeAsync(200);
    const second = openTab({ storage, locks });
    expect(first.analytics.stats().sender).toBe(true);
    first.page.hide();
    second.analytics.track('pageView', pageView());
    await vi.advanceTimersByTimeAsync(1400);
    expect(first.analytics.stats().sender).toBe(false);
    expect(second.analytics.stats().sender).toBe(true);
    expect(second.transport.sent()).toHaveLength(1);
    expect(first.transport.send).not.toHaveBeenCalled();
  });

  it('a hidden sender keeps the lock until its batches in flight are answered', async () => {
    const storage = new FakeStorage();
    const locks = makeLocks();
    const transport = heldTransport();
    const first = openTab({ storage, locks, transport });
    first.analytics.track('pageView', pageView());
    await vi.advanceTimersByTimeAsync(200);
    expect(transport.pending).toHaveLength(1);
    first.page.hide();
    const second = openTab({ storage, locks });
    await vi.advanceTimersByTimeAsync(3600);
    expect(second.transport.send).not.toHaveBeenCalled();
    transport.answerNext();
    await vi.advanceTimersByTimeAsync(1400);
    expect(second.analytics.stats().sender).toBe(true);
    expect(second.transport.send).not.toHaveBeenCalled();
    expect(storage.events()).toEqual([]);
  });

  it('never sends a uuid twice with slow, failing transports and senders coming and going', async () => {
    const storage = new FakeStorage();
    const locks = makeLocks();
    let seed = 7;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    const tabs: Tab[] = [];
    const retired: Tab[] = [];
    const succeeded = new Map<string, number>();
    const open = () => {
      const transport = recordingTransport(
        (events) =>
          new Promise((resolve, reject) => {
            setTimeout(
              () => {
                if (random() < 0.2) return reject(new Error('flaky'));
                for (const event of events) succeeded.set(event.uuid, (succeeded.get(event.uuid) ?? 0) + 1);
                resolve({ succeeded: events.map((event) => event.uuid), failedPermanently: [] });
              },
              Math.floor(random() * 700),
            );
          }),
      );
      tabs.push(openTab({ storage, locks, transport }));
    };
    open();
    open();
    let tracked = 0;
    for (let step = 0; step < 200; step++) {
      const tab = tabs[Math.floor(random() * tabs.length)] as Tab;
      for (let k = 0; k < 5; k++, tracked++) tab.analytics.track('pageView', pageView(tracked));
      if (step % 40 === 39) {
        // The current sender closes (with batches in flight, maybe) and a new tab opens.
        const sender = tabs.find((t) => t.analytics.stats().sender);
        if (sender) {
          sender.analytics.stop();
          tabs.splice(tabs.indexOf(sender), 1);
          retired.push(sender);
        }
        open();
      }
      await vi.advanceTimersByTimeAsync(100);
    }
    await vi.advanceTimersByTimeAsync(20_000);
    expect(succeeded.size).toBe(tracked);
    expect([...succeeded.values()].every((count) => count === 1)).toBe(true);
    expect(storage.events()).toEqual([]);
    const senders = [...tabs, ...retired].filter((tab) => tab.transport.batches.length > 0);
    expect(senders.length).toBeGreaterThanOrEqual(4);
    expect(allSent(senders).length).toBeGreaterThan(tracked);
  });
});

describe('lease races', () => {
  it('two tabs that claim a stale lease in the same tick settle on one before either sends', async () => {
    const storage = new FakeStorage();
    const first = openTab({ storage });
    for (let i = 0; i < 10; i++) first.analytics.track('pageView', pageView(i));
    first.analytics.stop();
    // Two tabs open; the second's claim lands after the first's (as from another process).
    const a = openTab({ storage });
    storage.removeItem('h5:analytics:lease');
    const b = openTab({ storage });
    await vi.advanceTimersByTimeAsync(1000);
    const sent = allSent([a, b]);
    expect(new Set(sent).size).toBe(10);
    expect(sent).toHaveLength(10);
    expect([a, b].filter((tab) => tab.transport.batches.length > 0)).toHaveLength(1);
  });
});

/** Fakes for the tracker tests: a storage that can be blocked or full, locks, a page, a transport. */
import type { AnalyticsEvent } from '@h5/contract';
import { vi } from 'vitest';
import {
  type Analytics,
  type AnalyticsOptions,
  createAnalytics,
  DEFAULT_KEY_PREFIX,
} from './create-analytics';
import { EVENT_SEGMENT } from './event-key';
import { MemoryStorage } from './memory-storage';
import type { PageLike } from './page-lifecycle';
import { TrackerRegistry } from './registry';
import type { SendOutcome } from './transport';
import type { LockManagerLike } from './web-lock';

/** A localStorage stand-in whose every access throws SecurityError (`blocked`) or whose writes throw QuotaExceededError (`full`). */
export class FakeStorage extends MemoryStorage {
  mode: 'ok' | 'blocked' | 'full' = 'ok';
  writes = 0;

  #guard(): void {
    if (this.mode === 'blocked') throw new DOMException('The operation is insecure.', 'SecurityError');
  }

  override get length(): number {
    this.#guard();
    return super.length;
  }

  override key(index: number): string | null {
    this.#guard();
    return super.key(index);
  }

  override getItem(key: string): string | null {
    this.#guard();
    return super.getItem(key);
  }

  override setItem(key: string, value: string): void {
    this.#guard();
    if (this.mode === 'full') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    this.writes++;
    super.setItem(key, value);
  }

  override removeItem(key: string): void {
    this.#guard();
    super.removeItem(key);
  }

  /** All keys (bypassing the mode). */
  keys(): string[] {
    const saved = this.mode;
    this.mode = 'ok';
    const keys = Array.from({ length: this.length }, (_, i) => this.key(i) as string);
    this.mode = saved;
    return keys;
  }

  /** The stored events, parsed. */
  events(prefix = DEFAULT_KEY_PREFIX): AnalyticsEvent[] {
    return this.keys()
      .filter((key) => key.startsWith(`${prefix}${EVENT_SEGMENT}`))
      .map((key) => JSON.parse(super.getItem(key) as string) as AnalyticsEvent);
  }
}

/** Web Locks shared by the "tabs" of one test: `ifAvailable` grants a free lock, else calls back with null. */
export function fakeLocks(): LockManagerLike & { held: Set<string> } {
  const held = new Set<string>();
  return {
    held,
    request(name, _options, callback) {
      return Promise.resolve().then(async () => {
        if (held.has(name)) return callback(null);
        held.add(name);
        try {
          return await callback({ name });
        } finally {
          held.delete(name);
        }
      });
    },
  };
}

type Listener = (event: unknown) => void;

function target() {
  const listeners = new Map<string, Set<Listener>>();
  return {
    addEventListener(type: string, listener: Listener) {
      listeners.set(type, (listeners.get(type) ?? new Set()).add(listener));
    },
    removeEventListener(type: string, listener: Listener) {
      listeners.get(type)?.delete(listener);
    },
    fire(type: string) {
      for (const listener of [...(listeners.get(type) ?? [])]) listener({ type });
    },
    count: (type: string) => listeners.get(type)?.size ?? 0,
  };
}

/** A page whose visibility, lifecycle events and connectivity the test drives. */
export function fakePage() {
  const doc = Object.assign(target(), { visibilityState: 'visible' as 'visible' | 'hidden' });
  const win = target();
  const navigator = { onLine: true };
  const page = {
    document: doc,
    window: win,
    navigator,
    hide() {
      doc.visibilityState = 'hidden';
      doc.fire('visibilitychange');
    },
    show() {
      doc.visibilityState = 'visible';
      doc.fire('visibilitychange');
    },
    pagehide: () => win.fire('pagehide'),
  } satisfies PageLike & Record<string, unknown>;
  return page;
}

/** Answers every event as stored. */
export const acceptAll = (events: AnalyticsEvent[]): SendOutcome => ({
  succeeded: events.map((event) => event.uuid),
  failedPermanently: [],
});

/** A transport that records batches and answers with `answer` (default: all stored). */
export function recordingTransport(
  answer: (events: AnalyticsEvent[]) => SendOutcome | Promise<SendOutcome> = acceptAll,
) {
  const batches: AnalyticsEvent[][] = [];
  const transport = {
    batches,
    answer,
    send: vi.fn(async (events: AnalyticsEvent[]) => {
      batches.push(events);
      return transport.answer(events);
    }),
    /** Every uuid sent, in order, repeats included. */
    sent: () => batches.flat().map((event) => event.uuid),
  };
  return transport;
}

/** A transport whose answers wait until the test resolves them. */
export function heldTransport() {
  const pending: {
    events: AnalyticsEvent[];
    resolve: (outcome: SendOutcome) => void;
    reject: (e: unknown) => void;
  }[] = [];
  const transport = recordingTransport(
    (events) =>
      new Promise<SendOutcome>((resolve, reject) => {
        pending.push({ events, resolve, reject });
      }),
  );
  return Object.assign(transport, {
    pending,
    /** Answers the oldest waiting batch as all stored. */
    answerNext() {
      const next = pending.shift();
      next?.resolve(acceptAll(next.events));
    },
  });
}

/** A quiet logger whose calls the test can read. */
export function spyLogger() {
  return { warn: vi.fn(), error: vi.fn() };
}

/** Deterministic randomness (mulberry32). */
export function seededRandom(seed = 42): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Tab {
  analytics: Analytics;
  transport: ReturnType<typeof recordingTransport>;
  page: ReturnType<typeof fakePage>;
  logger: ReturnType<typeof spyLogger>;
}

/**
 * One "tab": an analytics over `storage` (a fresh one by default) with a fake page, a recording
 * transport, its own registry, the storage lease (no Web Locks) and a quiet logger. Needs fake timers.
 */
export function openTab(options: Partial<AnalyticsOptions> = {}): Tab {
  const page = fakePage();
  const transport = recordingTransport();
  const logger = spyLogger();
  const analytics = createAnalytics({
    transport,
    storage: new FakeStorage(),
    locks: null,
    page,
    registry: new TrackerRegistry(),
    logger,
    random: seededRandom(),
    ...options,
  });
  return {
    analytics,
    transport: (options.transport as typeof transport | undefined) ?? transport,
    page,
    logger,
  };
}

/** A valid page-view payload. */
export const pageView = (n = 1) => ({ pageId: 9 as const, path: `/feed/${n}` });

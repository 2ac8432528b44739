import type { AnalyticsEventName, AnalyticsPayload } from '@h5/contract';
import { ANALYTICS_POLL_INTERVAL_MS, BUILD_RELEASE, CLIENT_ID, createUuid, TRACKER_MESSAGES } from '@h5/core';
import type { BeaconSender } from './beacon';
import { createSenderLock } from './create-sender-lock';
import { EventQueue } from './event-queue';
import { EventStore } from './event-store';
import { LOG_PREFIX, type TrackerLogger } from './logger';
import { browserPage, isPageHidden, type PageLike, watchPageVisibility } from './page-lifecycle';
import { QueueTracker } from './queue-tracker';
import { defaultRegistry, type TrackerRegistry } from './registry';
import { intervalScheduler, type Scheduler } from './scheduler';
import { StorageAccess, type StorageOption } from './storage-access';
import { TrackerError } from './tracker-error';
import type { AnalyticsTransport } from './transport';
import { type LockManagerLike, pageLocks } from './web-lock';

/** The queue's share of the origin's storage by default: 512 KiB of the usual 5 MiB. */
export const DEFAULT_BUDGET_BYTES = 512 * 1024;
export const DEFAULT_KEY_PREFIX = 'h5:analytics:';
export const DEFAULT_TRACKER_NAME = 'community';

export interface AnalyticsOptions {
  /** Delivers batches (HTTP collector or native bridge). Required. */
  transport: AnalyticsTransport;
  /** Hands the queue to the browser on page hide (`createBeaconSender`); none: events wait for the next page. */
  beacon?: BeaconSender;
  /** Default the page's localStorage; null keeps events in memory only. */
  storage?: StorageOption;
  /** Default `navigator.locks`; null uses the storage lease. */
  locks?: LockManagerLike | null;
  /** Default the browser page (document visibility, pagehide, navigator.onLine); null for none. */
  page?: PageLike | null;
  now?: () => number;
  random?: () => number;
  uuid?: () => string;
  /** Runs the 200 ms tick (setInterval by default). */
  scheduler?: Scheduler;
  logger?: TrackerLogger;
  /** Where `registerTracker`'s trackers live and the queue registers itself (default the page's registry). */
  registry?: TrackerRegistry;
  /** The queue tracker's name, stored on each event (default 'community'). */
  trackerName?: string;
  /** Storage key prefix (default 'h5:analytics:'). */
  keyPrefix?: string;
  /**
   * The device's anonymous id (spec §3, core's `deviceAnonymousId`), stored on every event; the
   * client id ('h5') and build release ('5.79.1', spec §9) are stored beside it.
   */
  anonymousId?: string;
  /** Most bytes the queue keeps (default 512 KiB); the oldest events are evicted past it. */
  budgetBytes?: number;
  /** How long a storage lease lasts without renewal (default 3000 ms; only without Web Locks). */
  leaseMs?: number;
  maxBatchesInFlight?: number;
}

/** What the queue has done and holds, for the debug console and tests. */
export interface AnalyticsStats {
  /** Events stored (this tab's last look at the shared storage) plus those held in memory. */
  queued: number;
  bytes: number;
  inFlight: number;
  sent: number;
  failedPermanently: number;
  failedBatches: number;
  beaconed: number;
  evicted: number;
  expired: number;
  corrupted: number;
  /** 'memory' while storage is blocked or full and events wait in this tab's memory. */
  storage: 'local' | 'memory';
  storageError: string | null;
  /** This tab is the one that sends the shared queue. */
  sender: boolean;
  lock: 'web-locks' | 'lease';
}

export interface Analytics {
  /** Queues one typed event (persisted before it returns); cheap, never throws into the page. */
  track<N extends AnalyticsEventName>(name: N, payload: AnalyticsPayload<N>): void;
  /** Runs a tick now; resolves when its batch is answered. */
  flush(): Promise<void>;
  /** Stops the tick and the page listeners, gives the sender lock up, unregisters the queue tracker. */
  stop(): void;
  stats(): AnalyticsStats;
}

function missingConfiguration(logger: TrackerLogger): never {
  const method = TRACKER_MESSAGES.trackUndefined('transport.send');
  logger.error(LOG_PREFIX, TRACKER_MESSAGES.configMissing);
  logger.error(LOG_PREFIX, method);
  throw new TrackerError('configMissing', method);
}

/**
 * Starts the page's analytics: the persistent queue of spec §4 behind a typed `track`, ticking
 * every 200 ms, one sending tab, a beacon on page hide. Call it once in the browser (not during
 * a server render) and keep the instance for the page's life.
 */
export function createAnalytics(options: AnalyticsOptions): Analytics {
  const logger = options?.logger ?? console;
  if (typeof options?.transport?.send !== 'function') missingConfiguration(logger);
  const now = options.now ?? Date.now;
  const uuid = options.uuid ?? (() => createUuid());
  const prefix = options.keyPrefix ?? DEFAULT_KEY_PREFIX;
  const page = options.page === null ? {} : (options.page ?? browserPage());
  const access = new StorageAccess(options.storage);
  const store = new EventStore({
    access,
    prefix,
    budgetBytes: options.budgetBytes ?? DEFAULT_BUDGET_BYTES,
    logger,
  });
  const lock = createSenderLock({
    locks: options.locks === undefined ? pageLocks() : options.locks,
    access,
    prefix,
    holderId: uuid(),
    leaseMs: options.leaseMs,
    logger,
  });
  const queue = new EventQueue({
    store,
    lock,
    transport: options.transport,
    beacon: options.beacon,
    now,
    random: options.random ?? Math.random,
    uuid,
    logger,
    isHidden: () => isPageHidden(page),
    isOnline: () => page.navigator?.onLine !== false,
    maxBatchesInFlight: options.maxBatchesInFlight,
    sender: {
      ...(options.anonymousId ? { anonymousId: options.anonymousId } : {}),
      clientId: CLIENT_ID,
      release: BUILD_RELEASE,
    },
  });
  const registry = options.registry ?? defaultRegistry;
  const unregister = registry.register(
    new QueueTracker(
      options.trackerName ?? DEFAULT_TRACKER_NAME,
      options.transport.target ?? 'collector',
      queue,
    ),
  );
  const cancelTick = (options.scheduler ?? intervalScheduler)(ANALYTICS_POLL_INTERVAL_MS, () => {
    void queue.tick();
  });
  const unwatch = watchPageVisibility(
    page,
    () => queue.hide(),
    () => queue.show(),
  );
  queue.claim();
  let stopped = false;

  return {
    track(name, payload) {
      if (stopped) return;
      const event = { event: name, payload: payload as Record<string, unknown>, occurredAt: now() };
      for (const tracker of registry.list()) {
        try {
          tracker.track(event);
        } catch (error) {
          logger.error(LOG_PREFIX, `tracker ${tracker.name} failed`, error);
        }
      }
    },
    flush: () => (stopped ? Promise.resolve() : queue.tick()),
    stop() {
      if (stopped) return;
      stopped = true;
      cancelTick();
      unwatch();
      unregister();
      queue.stop();
    },
    stats: () => ({
      queued: store.size(),
      bytes: store.bytes(),
      inFlight: queue.inFlight(),
      ...queue.counters,
      ...store.counters,
      storage: store.mode(),
      storageError: access.lastError,
      sender: lock.held(),
      lock: lock.kind,
    }),
  };
}

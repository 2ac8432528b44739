import type { AnalyticsEvent, AnalyticsEventName, ClientFields } from '@h5/contract';
import { ANALYTICS_BATCH_SIZE, ANALYTICS_EVENT_EXPIRY_MS } from '@h5/core';
import type { BeaconSender } from './beacon';
import type { EventStore, StoredRef } from './event-store';
import { LOG_PREFIX, type TrackerLogger } from './logger';
import { randomSample } from './random-sample';
import { RecentSet } from './recent-set';
import type { SenderLock } from './sender-lock';
import { type AnalyticsTransport, isRateLimited, type SendOutcome } from './transport';

export interface EventQueueOptions {
  store: EventStore;
  lock: SenderLock;
  transport: AnalyticsTransport;
  beacon?: BeaconSender | undefined;
  now: () => number;
  random: () => number;
  uuid: () => string;
  logger: TrackerLogger;
  /** The page is hidden: this tab does not take the sender lock. */
  isHidden: () => boolean;
  /** False when the device is known to be offline: the tick sends nothing. */
  isOnline: () => boolean;
  /** Batches sent and not yet answered, at most (default 4: a 200 ms tick keeps up with 800 ms answers). */
  maxBatchesInFlight?: number;
  /** Most UTF-16 code units of event JSON in one page-hide beacon (the browser allows 64 KiB in flight). */
  beaconMaxChars?: number;
  /** Who tracks: anonymous id, client id and release, stored on every event (issue 12). */
  sender?: ClientFields;
}

export const DEFAULT_MAX_BATCHES_IN_FLIGHT = 4;
/** After a rate-limited send (HTTP 429) the queue sends nothing for this long, doubling per repeat. */
export const RATE_LIMIT_PAUSE_MS = 5_000;
/** The longest pause after repeated rate-limited sends. */
export const RATE_LIMIT_PAUSE_MAX_MS = 60_000;
export const DEFAULT_BEACON_MAX_CHARS = 50_000;
/** A tab that is not the sender refreshes its view of the queue's size this often (ticks). */
const SIZE_REFRESH_TICKS = 25;

/**
 * The analytics queue of spec §4. `enqueue` stores the event at once; `tick` (every 200 ms) reads
 * up to 100 unexpired events in random order, sends those not in flight as one batch, removes
 * each after a successful send (stored or duplicate) or a final refusal, keeps the rest for a
 * later tick, and deletes expired ones. Only the sender tab reads the shared storage; events held
 * in memory (storage blocked or full) are this tab's own and it sends them itself.
 */
export class EventQueue {
  readonly counters = { sent: 0, failedPermanently: 0, beaconed: 0, failedBatches: 0 };
  readonly #o: EventQueueOptions;
  /** Events this tab has sent and not yet had answered: never picked again meanwhile. */
  readonly #inFlight = new Map<string, StoredRef>();
  /** Uuids this tab delivered; a copy that survived a failed removal is removed, not resent. */
  readonly #delivered = new RecentSet(10_000);
  readonly #batches = new Set<Promise<void>>();
  #ticks = 0;
  #failStreak = 0;
  #releasing = false;
  /** Rate-limited sends in a row, and until when nothing is sent because of them. */
  #rateLimited = 0;
  #pausedUntil = 0;

  constructor(options: EventQueueOptions) {
    this.#o = options;
  }

  /** Builds and persists one event (spec §3 fields, expiry now + 3 h, the sender's fields); returns it. */
  enqueue(
    tracker: string,
    event: AnalyticsEventName,
    payload: Readonly<Record<string, unknown>>,
    occurredAt: number,
  ): AnalyticsEvent {
    const stored: AnalyticsEvent = {
      uuid: this.#o.uuid(),
      tracker,
      event,
      payload: payload as Record<string, unknown>,
      occurredAt,
      expiresAt: occurredAt + ANALYTICS_EVENT_EXPIRY_MS,
      ...this.#o.sender,
    };
    this.#o.store.add(stored);
    return stored;
  }

  /** Takes the sender lock early (at start), so the first tick can already send. */
  claim(): void {
    this.#o.lock.poll(this.#o.now(), this.#mayAcquire());
  }

  /** One cycle; resolves when the batch it sent (if any) is answered. Never rejects. */
  tick(): Promise<void> {
    const { store, lock, now: clock } = this.#o;
    const now = clock();
    this.#ticks++;
    store.flushMemory((uuid) => this.#inFlight.has(uuid));
    const sender = lock.poll(now, this.#mayAcquire()) && !this.#releasing;
    let shared: StoredRef[] = [];
    if (sender) shared = store.scanStorage(now);
    else if (this.#ticks % SIZE_REFRESH_TICKS === 0) store.scanStorage(now);
    const local = store.memoryRefs(now);
    if (this.#batches.size >= (this.#o.maxBatchesInFlight ?? DEFAULT_MAX_BATCHES_IN_FLIGHT)) {
      return Promise.resolve();
    }
    if (!this.#o.isOnline() || now < this.#pausedUntil) return Promise.resolve();
    const picked = randomSample(this.#candidates(local, shared), ANALYTICS_BATCH_SIZE, this.#o.random);
    const batch = new Map<string, StoredRef>();
    const events: AnalyticsEvent[] = [];
    for (const ref of picked) {
      const event = store.read(ref);
      if (!event) continue;
      events.push(event);
      batch.set(event.uuid, ref);
      this.#inFlight.set(event.uuid, ref);
    }
    if (events.length === 0) return Promise.resolve();
    const sending = this.#send(events, batch).finally(() => {
      this.#batches.delete(sending);
      this.#releaseIfIdle();
    });
    this.#batches.add(sending);
    return sending;
  }

  /**
   * Page hide: hands what is queued (not in flight; the shared storage only when this tab is the
   * sender; nothing while paused after a 429) to the beacon, oldest first, up to 100 events and the beacon size, and removes what
   * the browser took, so neither a later tick nor another tab nor the next page sends it again.
   * Then gives the lock up once the batches in flight are answered. Returns how many it handed over.
   */
  hide(): number {
    const handed = this.#beaconQueued();
    this.#releasing = true;
    this.#releaseIfIdle();
    return handed;
  }

  /** The page is visible again: it may take the lock at the next tick. */
  show(): void {
    this.#releasing = false;
  }

  /**
   * Stops for good: gives the lock up once the batches in flight are answered (their answers are
   * still applied), so no other tab picks up events this one is sending.
   */
  stop(): void {
    this.#releasing = true;
    this.#releaseIfIdle();
  }

  inFlight(): number {
    return this.#inFlight.size;
  }

  #mayAcquire(): boolean {
    return !this.#releasing && !this.#o.isHidden();
  }

  #candidates(local: StoredRef[], shared: StoredRef[]): StoredRef[] {
    const out: StoredRef[] = [];
    for (const list of [local, shared]) {
      for (const ref of list) {
        if (this.#inFlight.has(ref.uuid)) continue;
        if (this.#delivered.has(ref.uuid)) this.#o.store.remove(ref);
        else out.push(ref);
      }
    }
    return out;
  }

  async #send(events: AnalyticsEvent[], batch: Map<string, StoredRef>): Promise<void> {
    let outcome: SendOutcome | null = null;
    try {
      outcome = await this.#o.transport.send(events);
      if (!Array.isArray(outcome?.succeeded) || !Array.isArray(outcome?.failedPermanently)) {
        throw new TypeError('the transport answered without succeeded / failedPermanently lists');
      }
    } catch (error) {
      outcome = null;
      this.counters.failedBatches++;
      if (isRateLimited(error)) this.#pause();
      if (this.#failStreak++ === 0) {
        this.#o.logger.warn(LOG_PREFIX, 'send failed; the events are kept for the next tick', error);
      }
    }
    try {
      if (outcome) this.#apply(outcome, batch);
    } finally {
      for (const uuid of batch.keys()) this.#inFlight.delete(uuid);
    }
  }

  /** A 429: no sends (and no beacon) for 5 s, 10 s, 20 s… up to a minute; the events stay queued. */
  #pause(): void {
    const pause = Math.min(RATE_LIMIT_PAUSE_MS * 2 ** this.#rateLimited, RATE_LIMIT_PAUSE_MAX_MS);
    this.#rateLimited++;
    this.#pausedUntil = Math.max(this.#pausedUntil, this.#o.now() + pause);
  }

  #apply(outcome: SendOutcome, batch: Map<string, StoredRef>): void {
    this.#failStreak = 0;
    this.#rateLimited = 0;
    const take = (uuid: string): boolean => {
      const ref = batch.get(uuid);
      if (!ref || this.#delivered.has(uuid)) return false;
      this.#o.store.remove(ref);
      this.#delivered.add(uuid);
      this.#inFlight.delete(uuid);
      return true;
    };
    for (const uuid of outcome.succeeded) if (take(uuid)) this.counters.sent++;
    const refused = outcome.failedPermanently.filter(take);
    this.counters.failedPermanently += refused.length;
    if (refused.length > 0) {
      const detail = refused.map((uuid) => ({ uuid, reason: outcome.reasons?.[uuid] ?? 'refused' }));
      this.#o.logger.warn(LOG_PREFIX, `${refused.length} events refused for good and removed`, detail);
    }
  }

  #beaconQueued(): number {
    const { beacon, store } = this.#o;
    const now = this.#o.now();
    // Rate-limited: a beacon would be refused too, and its events lost; they wait in storage.
    if (!beacon || now < this.#pausedUntil) return 0;
    const shared = this.#o.lock.held() ? store.scanStorage(now) : [];
    const refs = this.#candidates(store.memoryRefs(now), shared).sort((a, b) => a.expiresAt - b.expiresAt);
    const maxChars = this.#o.beaconMaxChars ?? DEFAULT_BEACON_MAX_CHARS;
    const events: AnalyticsEvent[] = [];
    const chosen: StoredRef[] = [];
    let chars = 16;
    for (const ref of refs) {
      if (events.length >= ANALYTICS_BATCH_SIZE || chars + ref.valueLength + 1 > maxChars) break;
      const event = store.read(ref);
      if (!event) continue;
      events.push(event);
      chosen.push(ref);
      chars += ref.valueLength + 1;
    }
    if (events.length === 0) return 0;
    let taken = false;
    try {
      taken = beacon(events);
    } catch (error) {
      this.#o.logger.warn(LOG_PREFIX, 'the page-hide beacon failed; events stay queued', error);
    }
    if (!taken) return 0;
    for (const ref of chosen) {
      store.remove(ref);
      this.#delivered.add(ref.uuid);
    }
    this.counters.beaconed += chosen.length;
    return chosen.length;
  }

  #releaseIfIdle(): void {
    if (this.#releasing && this.#batches.size === 0) this.#o.lock.release();
  }
}

import type { AnalyticsEvent } from '@h5/contract';
import { type EventKeyInfo, eventKey, parseEventKey, storedBytes } from './event-key';
import { LOG_PREFIX, type TrackerLogger } from './logger';
import type { StorageAccess } from './storage-access';

/** A queued event as a scan sees it: where it lives, its key facts, not its value. */
export interface StoredRef extends EventKeyInfo {
  source: 'storage' | 'memory';
}

interface MemoryEntry {
  ref: StoredRef;
  /** The event's JSON, as it would be stored (a snapshot: later changes to the payload object do not leak in). */
  value: string;
}

export interface EventStoreOptions {
  access: StorageAccess;
  /** Key prefix of the queue; events live under `<prefix>e:`. */
  prefix: string;
  /** Most bytes the queue may take (storage and memory together). */
  budgetBytes: number;
  logger: TrackerLogger;
}

/** Eviction frees this share of the budget beyond what the new event needs, so it runs rarely. */
export const EVICTION_SLACK = 0.1;

/**
 * The persistent half of the queue: one storage key per event written at enqueue time, a byte
 * budget enforced by evicting the oldest, and a memory fallback for when storage is blocked or
 * full, flushed back once storage works. No method throws into the page.
 */
export class EventStore {
  readonly counters = { evicted: 0, expired: 0, corrupted: 0 };
  readonly #access: StorageAccess;
  readonly #prefix: string;
  readonly #eventPrefix: string;
  readonly #budget: number;
  readonly #logger: TrackerLogger;
  readonly #memory = new Map<string, MemoryEntry>();
  #memoryBytes = 0;
  /** Exact after each scan, plus this tab's writes since (other tabs' writes show at the next scan). */
  #storageBytes = 0;
  #storageCount = 0;
  /** A write failed: new events go to memory until a flush shows storage works again. */
  #degraded = false;

  constructor(options: EventStoreOptions) {
    this.#access = options.access;
    this.#prefix = options.prefix;
    this.#eventPrefix = `${options.prefix}e:`;
    this.#budget = options.budgetBytes;
    this.#logger = options.logger;
  }

  /** Persists one event now: one JSON.stringify of it and one setItem, or memory when that fails. */
  add(event: AnalyticsEvent): void {
    let value: string;
    try {
      value = JSON.stringify(event);
    } catch (error) {
      this.counters.corrupted++;
      this.#logger.warn(LOG_PREFIX, `event ${event.event} cannot be serialised; dropped`, error);
      return;
    }
    const key = eventKey(this.#prefix, event.expiresAt, value.length, event.uuid);
    const bytes = storedBytes(key, value.length);
    if (bytes > this.#budget) {
      this.counters.evicted++;
      this.#logger.warn(LOG_PREFIX, `event ${event.event} is larger than the queue's byte budget; dropped`);
      return;
    }
    if (this.#storageBytes + this.#memoryBytes + bytes > this.#budget)
      this.#makeRoom(bytes, event.occurredAt);
    const ref: StoredRef = {
      key,
      uuid: event.uuid,
      expiresAt: event.expiresAt,
      valueLength: value.length,
      bytes,
      source: 'storage',
    };
    if (!this.#degraded && this.#write(key, value)) {
      this.#storageBytes += bytes;
      this.#storageCount++;
      return;
    }
    this.#memory.set(event.uuid, { ref: { ...ref, source: 'memory' }, value });
    this.#memoryBytes += bytes;
  }

  /**
   * Lists the unexpired events in storage (all tabs'), deleting expired and malformed entries.
   * Reads keys only. Empty when storage is missing or fails.
   */
  scanStorage(now: number): StoredRef[] {
    const storage = this.#access.get();
    if (!storage) return [];
    const refs: StoredRef[] = [];
    const stale: string[] = [];
    let bytes = 0;
    let expired = 0;
    try {
      for (let i = 0, n = storage.length; i < n; i++) {
        const key = storage.key(i);
        if (key === null || !key.startsWith(this.#eventPrefix)) continue;
        const info = parseEventKey(this.#prefix, key);
        if (!info) {
          stale.push(key);
          this.counters.corrupted++;
        } else if (info.expiresAt <= now) {
          stale.push(key);
          expired++;
        } else {
          refs.push({ ...info, source: 'storage' });
          bytes += info.bytes;
        }
      }
      for (const key of stale) storage.removeItem(key);
    } catch (error) {
      this.#access.failed(error);
      return [];
    }
    this.counters.expired += expired;
    this.#storageBytes = bytes;
    this.#storageCount = refs.length;
    return refs;
  }

  /** This tab's events held in memory, deleting expired ones. */
  memoryRefs(now: number): StoredRef[] {
    const refs: StoredRef[] = [];
    for (const [uuid, entry] of this.#memory) {
      if (entry.ref.expiresAt > now) refs.push(entry.ref);
      else {
        this.#memory.delete(uuid);
        this.#memoryBytes -= entry.ref.bytes;
        this.counters.expired++;
      }
    }
    return refs;
  }

  /** The event behind a ref; null when another tab removed it or its value is unreadable (deleted). */
  read(ref: StoredRef): AnalyticsEvent | null {
    let value: string | null;
    if (ref.source === 'memory') value = this.#memory.get(ref.uuid)?.value ?? null;
    else {
      const storage = this.#access.get();
      if (!storage) return null;
      try {
        value = storage.getItem(ref.key);
      } catch (error) {
        this.#access.failed(error);
        return null;
      }
    }
    if (value === null) return null;
    const event = parseEvent(value);
    if (event && event.uuid === ref.uuid) return event;
    this.counters.corrupted++;
    this.remove(ref);
    return null;
  }

  /** Deletes an event (sent, refused, evicted); a failed storage removal is retried by the caller's next pass. */
  remove(ref: StoredRef): void {
    if (ref.source === 'memory') {
      const entry = this.#memory.get(ref.uuid);
      if (!entry) return;
      this.#memory.delete(ref.uuid);
      this.#memoryBytes -= entry.ref.bytes;
      return;
    }
    const storage = this.#access.get();
    if (!storage) return;
    try {
      storage.removeItem(ref.key);
    } catch (error) {
      this.#access.failed(error);
      return;
    }
    this.#storageBytes = Math.max(0, this.#storageBytes - ref.bytes);
    this.#storageCount = Math.max(0, this.#storageCount - 1);
  }

  /**
   * Moves memory events back to storage once it works (probing a blocked storage again). Stops at
   * the first failure, so a full or blocked storage costs one failed write per call. Events `skip`
   * names (in flight) stay in memory.
   */
  flushMemory(skip: (uuid: string) => boolean): void {
    if (!this.#degraded && this.#memory.size === 0) return;
    this.#access.probe();
    const storage = this.#access.get();
    if (!storage) {
      this.#degraded = true;
      return;
    }
    for (const [uuid, entry] of this.#memory) {
      if (skip(uuid)) continue;
      if (!this.#write(entry.ref.key, entry.value)) return;
      this.#memory.delete(uuid);
      this.#memoryBytes -= entry.ref.bytes;
      this.#storageBytes += entry.ref.bytes;
      this.#storageCount++;
    }
    this.#degraded = false;
    this.#access.lastError = null;
  }

  /** 'local' while events persist in storage; 'memory' while some (or new ones) are held in memory. */
  mode(): 'local' | 'memory' {
    return this.#degraded || this.#memory.size > 0 ? 'memory' : 'local';
  }

  size(): number {
    return this.#storageCount + this.#memory.size;
  }

  bytes(): number {
    return this.#storageBytes + this.#memoryBytes;
  }

  #write(key: string, value: string): boolean {
    const storage = this.#access.get();
    if (!storage) {
      this.#degraded = true;
      return false;
    }
    try {
      storage.setItem(key, value);
      return true;
    } catch (error) {
      this.#access.failed(error);
      this.#degraded = true;
      return false;
    }
  }

  /** Evicts the oldest events (storage and memory) until `bytes` more fit with slack to spare. */
  #makeRoom(bytes: number, now: number): void {
    const all = [...this.scanStorage(now), ...this.memoryRefs(now)].sort((a, b) => a.expiresAt - b.expiresAt);
    const target = this.#budget * (1 - EVICTION_SLACK) - bytes;
    let total = this.#storageBytes + this.#memoryBytes;
    let evicted = 0;
    for (const ref of all) {
      if (total <= target) break;
      this.remove(ref);
      total -= ref.bytes;
      evicted++;
    }
    this.counters.evicted += evicted;
    if (evicted > 0)
      this.#logger.warn(LOG_PREFIX, `queue over its byte budget: ${evicted} oldest events evicted`);
  }
}

function parseEvent(value: string): AnalyticsEvent | null {
  try {
    const parsed = JSON.parse(value) as Partial<AnalyticsEvent> | null;
    return parsed && typeof parsed === 'object' && typeof parsed.uuid === 'string'
      ? (parsed as AnalyticsEvent)
      : null;
  } catch {
    return null;
  }
}

/** Cache-Control of a visitor's answer to a `visitorCache` entry (DESIGN.md §8). */
export const VISITOR_CACHE_CONTROL = 'public, max-age=1, stale-while-revalidate=1';
/** A shared cache keys on who is asking: a signed-in caller's request never matches a visitor's. */
export const VISITOR_CACHE_VARY = 'cookie, dutoken, x-auth-token';

const TTL_MS = 1000;
const MAX_ENTRIES = 2000;

/**
 * Visitors' answers to public reads, kept for one second per node (issue 19 point 2). Keeps the
 * promise, so concurrent visitors asking the same thing share one database read; a failure is
 * dropped at once, never served. Bounded: past {@link MAX_ENTRIES} the oldest keys go first.
 */
export class VisitorCache {
  private readonly entries = new Map<string, { expiresAt: number; value: Promise<unknown> }>();

  constructor(private readonly now: () => number = () => Date.now()) {}

  /** The kept answer for `key`, or `load()`'s, kept for a second. */
  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const at = this.now();
    const kept = this.entries.get(key);
    if (kept && kept.expiresAt > at) return kept.value as Promise<T>;
    if (kept) this.entries.delete(key);
    const value = load();
    this.entries.set(key, { expiresAt: at + TTL_MS, value });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    if (this.entries.size > MAX_ENTRIES) this.evict(at);
    return value;
  }

  /** Drops every kept answer of one entry (`entryKey`), after a write that changes them. */
  forget(entryKey: string): void {
    for (const key of this.entries.keys()) if (key.startsWith(`${entryKey} `)) this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }

  private evict(at: number) {
    for (const [key, entry] of this.entries) if (entry.expiresAt <= at) this.entries.delete(key);
    // Map order is insertion order: the first keys are the oldest.
    for (const key of this.entries.keys()) {
      if (this.entries.size <= MAX_ENTRIES) break;
      this.entries.delete(key);
    }
  }
}

/** The key of one answer: the entry, its parsed input and the headers it reads, in a stable order. */
export function visitorCacheKey(entryKey: string, input: unknown, headers: unknown): string {
  return `${entryKey} ${stableJson(input)} ${stableJson(headers)}`;
}

function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}

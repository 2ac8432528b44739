import type { StorageLike } from './storage-access';

/**
 * A Map-backed Storage with localStorage's synchronous semantics: string values, `key(i)` in
 * insertion order, and an optional quota (UTF-16 code units of keys + values, as browsers count)
 * past which `setItem` throws a QuotaExceededError. For server renders, tests and the bench.
 */
export class MemoryStorage implements StorageLike {
  #items = new Map<string, string>();
  #keys: string[] | null = null;
  #used = 0;

  constructor(readonly quotaChars = Number.POSITIVE_INFINITY) {}

  get length(): number {
    return this.#items.size;
  }

  key(index: number): string | null {
    this.#keys ??= [...this.#items.keys()];
    return this.#keys[index] ?? null;
  }

  getItem(key: string): string | null {
    return this.#items.get(key) ?? null;
  }

  setItem(key: string, value: string): void {
    const text = String(value);
    const previous = this.#items.get(key);
    const used = this.#used - (previous === undefined ? 0 : key.length + previous.length);
    if (used + key.length + text.length > this.quotaChars) {
      throw new DOMException(`Setting the value of '${key}' exceeded the quota.`, 'QuotaExceededError');
    }
    if (previous === undefined) this.#keys = null;
    this.#items.set(key, text);
    this.#used = used + key.length + text.length;
  }

  removeItem(key: string): void {
    const previous = this.#items.get(key);
    if (previous === undefined) return;
    this.#items.delete(key);
    this.#keys = null;
    this.#used -= key.length + previous.length;
  }

  clear(): void {
    this.#items.clear();
    this.#keys = null;
    this.#used = 0;
  }
}

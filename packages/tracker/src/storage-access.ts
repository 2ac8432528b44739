/** The part of the Web Storage API the queue uses (window.localStorage fits). */
export interface StorageLike {
  readonly length: number;
  key(index: number): string | null;
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** A storage, none (memory only), or a function that returns one (and may throw SecurityError). */
export type StorageOption = StorageLike | null | (() => StorageLike | null);

/** The page's local storage; throws where it is blocked (cookies off, sandboxed frame). */
export function pageLocalStorage(): StorageLike | null {
  return (globalThis as { localStorage?: StorageLike }).localStorage ?? null;
}

/** The error name of a failed storage access (QuotaExceededError, SecurityError…). */
export function storageErrorName(error: unknown): string {
  return error instanceof Error || (typeof error === 'object' && error !== null && 'name' in error)
    ? String((error as { name: unknown }).name)
    : 'Error';
}

/**
 * Resolves the storage lazily and never throws: a blocked storage reads as `null`, and `probe()`
 * (once per tick) tries again, so a page whose storage comes back moves its events there.
 */
export class StorageAccess {
  #option: StorageOption | undefined;
  #storage: StorageLike | null = null;
  #resolved = false;
  /** The name of the last storage failure, null while storage works. */
  lastError: string | null = null;

  constructor(option: StorageOption | undefined) {
    this.#option = option;
  }

  /** The storage, resolved once; null when there is none or it is blocked. */
  get(): StorageLike | null {
    if (!this.#resolved) this.probe();
    return this.#storage;
  }

  /** Resolves again when the storage was missing or blocked. */
  probe(): void {
    if (this.#resolved && this.#storage) return;
    this.#resolved = true;
    const option = this.#option === undefined ? pageLocalStorage : this.#option;
    try {
      this.#storage = typeof option === 'function' ? option() : option;
    } catch (error) {
      this.#storage = null;
      this.lastError = storageErrorName(error);
    }
  }

  /** Records a failed operation (the storage stays: the next operation may work). */
  failed(error: unknown): void {
    this.lastError = storageErrorName(error);
  }
}

import type { SenderLock } from './sender-lock';
import { type StorageAccess, storageErrorName } from './storage-access';

/** A lease not renewed for this long is taken over (a closed or frozen holder). */
export const DEFAULT_LEASE_MS = 3000;

export interface LeaseLockOptions {
  access: StorageAccess;
  /** The storage key of the lease. */
  key: string;
  /** This tab's id, unique per queue instance. */
  holderId: string;
  leaseMs?: number;
}

interface Lease {
  holder: string;
  expiresAt: number;
}

function parseLease(value: string | null): Lease | null {
  if (!value) return null;
  const bar = value.lastIndexOf('|');
  const expiresAt = Number(value.slice(bar + 1));
  return bar > 0 && Number.isFinite(expiresAt) ? { holder: value.slice(0, bar), expiresAt } : null;
}

/**
 * The fallback where Web Locks are missing (older iOS webviews): a `holder|expiresAt` lease in
 * local storage, renewed every tick, taken over when stale. Taking it is two-phase: write a claim,
 * and hold only if the claim is still ours at the next poll, one tick later, so two tabs that both
 * saw a stale lease (or a write that reached the other tab's process late) settle on the last
 * writer before either sends.
 */
export function createLeaseLock(options: LeaseLockOptions): SenderLock {
  const { access, key, holderId } = options;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  let state: 'idle' | 'claiming' | 'held' = 'idle';

  /**
   * Writes our lease. 'full': the origin's storage is full (of other data, or events nobody can
   * send without the lease); the caller holds anyway, since a stuck queue is worse than the rare
   * duplicate of two full tabs (which the collector stores once).
   */
  function write(now: number): 'ok' | 'full' | 'failed' {
    const storage = access.get();
    if (!storage) return 'failed';
    try {
      storage.setItem(key, `${holderId}|${now + leaseMs}`);
      return 'ok';
    } catch (error) {
      access.failed(error);
      return storageErrorName(error) === 'QuotaExceededError' ? 'full' : 'failed';
    }
  }

  function read(): Lease | null | undefined {
    const storage = access.get();
    if (!storage) return undefined;
    try {
      return parseLease(storage.getItem(key));
    } catch (error) {
      access.failed(error);
      return undefined;
    }
  }

  return {
    kind: 'lease',
    poll(now, mayAcquire) {
      const lease = read();
      // No shared storage: nothing shared to send (memory events go regardless of the lock).
      if (lease === undefined) {
        state = 'idle';
        return false;
      }
      const fresh = lease !== null && lease.expiresAt > now;
      const mine = lease !== null && lease.holder === holderId;
      if (fresh && !mine) {
        state = 'idle';
        return false;
      }
      if (mine && fresh && state !== 'idle') {
        // A confirmed claim or a renewal.
        state = write(now) === 'failed' ? 'idle' : 'held';
        return state === 'held';
      }
      if (!mayAcquire) {
        state = 'idle';
        return false;
      }
      // Absent or stale (ours included, after a long freeze): claim, confirm next poll.
      const written = write(now);
      state = written === 'ok' ? 'claiming' : written === 'full' ? 'held' : 'idle';
      return state === 'held';
    },
    held: () => state === 'held',
    release() {
      if (state !== 'idle' && read()?.holder === holderId) {
        try {
          access.get()?.removeItem(key);
        } catch (error) {
          access.failed(error);
        }
      }
      state = 'idle';
    },
  };
}

import { createLeaseLock } from './lease-lock';
import { LOG_PREFIX, type TrackerLogger } from './logger';
import type { StorageAccess } from './storage-access';
import { createWebLock, type LockManagerLike } from './web-lock';

/**
 * "Only one tab sends": the queue's tabs share one storage, and only the holder of this lock reads
 * and sends the stored events. `poll` runs once a tick, renewing or trying to take the lock.
 */
export interface SenderLock {
  readonly kind: 'web-locks' | 'lease';
  /** Renews the lock, or tries to take it when `mayAcquire`; true while this tab is the sender. */
  poll(now: number, mayAcquire: boolean): boolean;
  /** True while this tab is the sender (no side effects). */
  held(): boolean;
  /** Gives the lock up (page hidden, stopped); a later `poll` may take it again. */
  release(): void;
}

export interface SenderLockOptions {
  /** `navigator.locks`, or null for the lease. */
  locks: LockManagerLike | null;
  access: StorageAccess;
  prefix: string;
  holderId: string;
  leaseMs?: number;
  logger: TrackerLogger;
}

/** Web Locks where the page has them (falling back if they refuse), else the storage lease. */
export function createSenderLock(options: SenderLockOptions): SenderLock {
  const lease = () =>
    createLeaseLock({
      access: options.access,
      key: `${options.prefix}lease`,
      holderId: options.holderId,
      leaseMs: options.leaseMs,
    });
  if (!options.locks) return lease();
  let current: SenderLock = createWebLock(options.locks, `${options.prefix}sender`, (error) => {
    options.logger.warn(LOG_PREFIX, 'Web Locks unavailable; using a storage lease', error);
    current = lease();
  });
  return {
    get kind() {
      return current.kind;
    },
    poll: (now, mayAcquire) => current.poll(now, mayAcquire),
    held: () => current.held(),
    release: () => current.release(),
  };
}

import { createLeaseLock } from './lease-lock';
import { LOG_PREFIX, type TrackerLogger } from './logger';
import type { SenderLock } from './sender-lock';
import type { StorageAccess } from './storage-access';
import { createWebLock, type LockManagerLike } from './web-lock';

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

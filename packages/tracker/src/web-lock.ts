import type { SenderLock } from './sender-lock';

/** The part of `navigator.locks` the queue uses. */
export interface LockManagerLike {
  request(
    name: string,
    options: { ifAvailable: boolean },
    callback: (lock: unknown) => Promise<void> | undefined,
  ): Promise<unknown>;
}

/** The page's Web Locks API, when it has one. */
export function pageLocks(): LockManagerLike | null {
  const navigator = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator;
  return navigator?.locks && typeof navigator.locks.request === 'function' ? navigator.locks : null;
}

/** Retry a lock held elsewhere every this many polls (5 ticks: 1 s), not every tick. */
export const WEB_LOCK_RETRY_POLLS = 5;

/**
 * The sender lock on Web Locks: `request(name, { ifAvailable: true })`, held by a pending promise
 * until `release()`. The browser frees it when the holding page goes away, so a closed tab never
 * blocks the others. `onUnavailable` runs when the API refuses (an opaque origin): the caller
 * falls back to the lease.
 */
export function createWebLock(
  locks: LockManagerLike,
  name: string,
  onUnavailable: (error: unknown) => void,
): SenderLock {
  let held = false;
  let pending = false;
  let wanted = false;
  let pollsSinceTry = WEB_LOCK_RETRY_POLLS;
  let releaseHeld: (() => void) | null = null;

  function tryAcquire(): void {
    pending = true;
    wanted = true;
    pollsSinceTry = 0;
    const granted = (lock: unknown): Promise<void> | undefined => {
      pending = false;
      // Not available, or released / stopped while the request was on its way: let it go at once.
      if (!lock || !wanted) return undefined;
      held = true;
      return new Promise<void>((resolve) => {
        releaseHeld = () => {
          held = false;
          releaseHeld = null;
          resolve();
        };
      });
    };
    try {
      locks.request(name, { ifAvailable: true }, granted).catch((error: unknown) => {
        pending = false;
        held = false;
        onUnavailable(error);
      });
    } catch (error) {
      pending = false;
      onUnavailable(error);
    }
  }

  return {
    kind: 'web-locks',
    poll(_now, mayAcquire) {
      if (held || pending || !mayAcquire) return held;
      if (pollsSinceTry++ >= WEB_LOCK_RETRY_POLLS - 1) tryAcquire();
      return held;
    },
    held: () => held,
    release() {
      wanted = false;
      releaseHeld?.();
      pollsSinceTry = WEB_LOCK_RETRY_POLLS;
    },
  };
}

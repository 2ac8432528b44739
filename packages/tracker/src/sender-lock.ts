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

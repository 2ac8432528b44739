import { describe, expect, it } from 'vitest';
import { createLeaseLock } from './lease-lock';
import { StorageAccess } from './storage-access';
import { FakeStorage } from './test-utils';

const KEY = 'h5:analytics:lease';

function lease(storage: FakeStorage, holderId: string, leaseMs = 1000) {
  return createLeaseLock({ access: new StorageAccess(storage), key: KEY, holderId, leaseMs });
}

describe('the storage lease', () => {
  it('claims a free lease and holds it from the next poll, renewing it each poll', () => {
    const storage = new FakeStorage();
    const lock = lease(storage, 'tab-a');
    expect(lock.poll(0, true)).toBe(false);
    expect(storage.getItem(KEY)).toBe('tab-a|1000');
    expect(lock.poll(200, true)).toBe(true);
    expect(storage.getItem(KEY)).toBe('tab-a|1200');
    expect(lock.held()).toBe(true);
  });

  it('does not take a fresh lease of another tab, and takes it over once stale', () => {
    const storage = new FakeStorage();
    const a = lease(storage, 'tab-a');
    const b = lease(storage, 'tab-b');
    a.poll(0, true);
    a.poll(200, true);
    expect(b.poll(400, true)).toBe(false);
    expect(b.poll(1199, true)).toBe(false);
    // tab-a stopped renewing (closed, frozen): stale at 1200.
    expect(b.poll(1200, true)).toBe(false);
    expect(b.poll(1400, true)).toBe(true);
    expect(a.poll(1600, true)).toBe(false);
    expect(a.held()).toBe(false);
  });

  it('gives up a claim another tab overwrote before the confirmation', () => {
    const storage = new FakeStorage();
    const a = lease(storage, 'tab-a');
    a.poll(0, true);
    storage.setItem(KEY, 'tab-b|1000');
    expect(a.poll(200, true)).toBe(false);
    expect(a.held()).toBe(false);
  });

  it('does not claim while it may not acquire (hidden)', () => {
    const storage = new FakeStorage();
    const lock = lease(storage, 'tab-a');
    expect(lock.poll(0, false)).toBe(false);
    expect(storage.getItem(KEY)).toBeNull();
  });

  it('release removes its own lease only', () => {
    const storage = new FakeStorage();
    const a = lease(storage, 'tab-a');
    a.poll(0, true);
    a.poll(200, true);
    a.release();
    expect(storage.getItem(KEY)).toBeNull();
    expect(a.held()).toBe(false);
    const b = lease(storage, 'tab-b');
    b.poll(300, true);
    a.release();
    expect(storage.getItem(KEY)).toBe('tab-b|1300');
  });

  it('without storage nothing is shared, so nobody holds', () => {
    const storage = new FakeStorage();
    storage.mode = 'blocked';
    const lock = lease(storage, 'tab-a');
    expect(lock.poll(0, true)).toBe(false);
    expect(lock.poll(200, true)).toBe(false);
  });

  it('holds when a full storage refuses the lease write (a stuck queue is worse than a rare duplicate)', () => {
    const storage = new FakeStorage();
    const lock = lease(storage, 'tab-a');
    storage.mode = 'full';
    expect(lock.poll(0, true)).toBe(true);
    expect(lock.poll(200, true)).toBe(true);
    // Another tab's fresh lease still wins.
    storage.mode = 'ok';
    storage.setItem(KEY, 'tab-b|5000');
    storage.mode = 'full';
    expect(lock.poll(400, true)).toBe(false);
  });

  it('ignores a malformed lease value', () => {
    const storage = new FakeStorage();
    storage.setItem(KEY, 'garbage');
    const lock = lease(storage, 'tab-a');
    lock.poll(0, true);
    expect(lock.poll(200, true)).toBe(true);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { createSenderLock } from './create-sender-lock';
import { StorageAccess } from './storage-access';
import { FakeStorage, fakeLocks, spyLogger } from './test-utils';
import { createWebLock, WEB_LOCK_RETRY_POLLS } from './web-lock';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the Web Locks sender lock', () => {
  it('asks with ifAvailable and holds the lock until release', async () => {
    const locks = fakeLocks();
    const request = vi.spyOn(locks, 'request');
    const lock = createWebLock(locks, 'h5:analytics:sender', () => undefined);
    expect(lock.poll(0, true)).toBe(false);
    expect(request).toHaveBeenCalledWith('h5:analytics:sender', { ifAvailable: true }, expect.any(Function));
    await flush();
    expect(lock.poll(200, true)).toBe(true);
    expect(locks.held.has('h5:analytics:sender')).toBe(true);
    lock.release();
    await flush();
    expect(lock.held()).toBe(false);
    expect(locks.held.size).toBe(0);
  });

  it('only one of two tabs holds it; the other retries once a second and takes it when free', async () => {
    const locks = fakeLocks();
    const a = createWebLock(locks, 'sender', () => undefined);
    const b = createWebLock(locks, 'sender', () => undefined);
    const request = vi.spyOn(locks, 'request');
    a.poll(0, true);
    b.poll(0, true);
    await flush();
    expect([a.held(), b.held()]).toEqual([true, false]);
    request.mockClear();
    for (let i = 0; i < WEB_LOCK_RETRY_POLLS * 2; i++) {
      b.poll(i, true);
      await flush();
    }
    expect(request).toHaveBeenCalledTimes(2);
    a.release();
    for (let i = 0; i < WEB_LOCK_RETRY_POLLS; i++) {
      b.poll(i, true);
      await flush();
    }
    expect(b.held()).toBe(true);
  });

  it('does not ask while it may not acquire, and lets a grant go that arrives after release', async () => {
    const locks = fakeLocks();
    const lock = createWebLock(locks, 'sender', () => undefined);
    expect(lock.poll(0, false)).toBe(false);
    expect(locks.held.size).toBe(0);
    lock.poll(0, true);
    lock.release();
    await flush();
    expect(lock.held()).toBe(false);
    expect(locks.held.size).toBe(0);
  });

  it('falls back to the storage lease when Web Locks refuse (opaque origin)', async () => {
    const logger = spyLogger();
    const storage = new FakeStorage();
    const lock = createSenderLock({
      locks: { request: () => Promise.reject(new DOMException('opaque', 'SecurityError')) },
      access: new StorageAccess(storage),
      prefix: 'h5:analytics:',
      holderId: 'tab-a',
      logger,
    });
    expect(lock.kind).toBe('web-locks');
    lock.poll(0, true);
    await flush();
    expect(lock.kind).toBe('lease');
    expect(logger.warn).toHaveBeenCalledWith(
      '[tracker]',
      'Web Locks unavailable; using a storage lease',
      expect.anything(),
    );
    lock.poll(200, true);
    expect(lock.poll(400, true)).toBe(true);
    expect(storage.getItem('h5:analytics:lease')).toBe('tab-a|3400');
  });

  it('falls back when request throws at once', () => {
    const lock = createSenderLock({
      locks: {
        request: () => {
          throw new TypeError('not a function');
        },
      },
      access: new StorageAccess(new FakeStorage()),
      prefix: 'p:',
      holderId: 'tab-a',
      logger: spyLogger(),
    });
    lock.poll(0, true);
    expect(lock.kind).toBe('lease');
  });
});

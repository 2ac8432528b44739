import { describe, expect, it } from 'vitest';
import { MemoryStorage } from './memory-storage';

describe('MemoryStorage', () => {
  it('behaves like localStorage: strings, key(i), length, remove', () => {
    const storage = new MemoryStorage();
    storage.setItem('a', '1');
    storage.setItem('b', '2');
    storage.setItem('a', '3');
    expect([storage.length, storage.key(0), storage.key(1), storage.key(2)]).toEqual([2, 'a', 'b', null]);
    expect(storage.getItem('a')).toBe('3');
    storage.removeItem('a');
    expect([storage.length, storage.key(0), storage.getItem('a')]).toEqual([1, 'b', null]);
    storage.clear();
    expect(storage.length).toBe(0);
  });

  it('throws QuotaExceededError past its quota, counting keys and values', () => {
    const storage = new MemoryStorage(10);
    storage.setItem('ab', '12345678');
    expect(() => storage.setItem('c', 'x')).toThrow(expect.objectContaining({ name: 'QuotaExceededError' }));
    storage.setItem('ab', '1234');
    storage.setItem('c', 'xyz');
    storage.removeItem('ab');
    storage.setItem('d', '12345');
    expect(() => storage.setItem('e', '')).toThrow();
  });
});

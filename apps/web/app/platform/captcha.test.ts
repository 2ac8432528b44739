import { describe, expect, it, vi } from 'vitest';
import { evokeWithRetries } from './captcha';

describe('evokeWithRetries', () => {
  it('evokes once when the SDK is ready', async () => {
    const evoke = vi.fn(() => true);
    const wait = vi.fn(async () => undefined);
    expect(await evokeWithRetries(evoke, 10, 1000, wait)).toBe(true);
    expect(evoke).toHaveBeenCalledOnce();
    expect(wait).not.toHaveBeenCalled();
  });

  it('retries at the interval until the SDK answers, also after a throw', async () => {
    let calls = 0;
    const evoke = vi.fn(() => {
      calls += 1;
      if (calls === 2) throw new Error('initialising');
      return calls === 4;
    });
    const wait = vi.fn(async () => undefined);
    expect(await evokeWithRetries(evoke, 10, 1000, wait)).toBe(true);
    expect(evoke).toHaveBeenCalledTimes(4);
    expect(wait).toHaveBeenCalledTimes(3);
    expect(wait).toHaveBeenCalledWith(1000);
  });

  it('gives up after 10 retries (11 attempts, 10 waits)', async () => {
    const evoke = vi.fn(() => false);
    const wait = vi.fn(async () => undefined);
    expect(await evokeWithRetries(evoke, 10, 1000, wait)).toBe(false);
    expect(evoke).toHaveBeenCalledTimes(11);
    expect(wait).toHaveBeenCalledTimes(10);
  });
});

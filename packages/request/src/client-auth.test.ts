import { TOKEN_EXPIRED, TOURIST } from '@h5/core';
import { describe, expect, it, vi } from 'vitest';
import { getItem, ok, refusal, rejection, setup, summary } from './test-utils';

const input = { itemId: 1, limit: 2 };

describe('login codes 700 / 7999 (spec §8)', () => {
  it.each([
    [TOKEN_EXPIRED, 'login again'],
    [TOURIST, 'please log in'],
  ])('code %i runs onAuthRequired once and rejects with kind auth', async (code, msg) => {
    const { api, hooks, seen } = setup(() => refusal(code, msg));
    const error = await rejection(api(getItem, input));
    expect(summary(error)).toEqual({ name: 'ApiError', kind: 'auth', code, httpStatus: 200, message: msg });
    expect(hooks.onAuthRequired).toHaveBeenCalledExactlyOnceWith(code, error);
    expect(seen).toHaveLength(1);
  });

  it('a call with authHandler: false (a background read of who is signed in) rejects without it', async () => {
    const { api, hooks } = setup(() => refusal(TOKEN_EXPIRED, 'login again'));
    const error = await rejection(api(getItem, input, { authHandler: false }));
    expect(summary(error)).toMatchObject({ kind: 'auth', code: 700 });
    expect(hooks.onAuthRequired).not.toHaveBeenCalled();
  });

  it('is not retried when ensureCookies resolves false', async () => {
    const ensureCookies = vi.fn(async () => false);
    const { api, hooks, seen } = setup(() => refusal(TOURIST, 'please log in'), { ensureCookies });
    expect((await rejection(api(getItem, input))).kind).toBe('auth');
    expect(ensureCookies).toHaveBeenCalledTimes(1);
    expect(hooks.onAuthRequired).toHaveBeenCalledTimes(1);
    expect(seen).toHaveLength(1);
  });
});

describe('missing app cookie self-healing (DESIGN.md §9)', () => {
  it('retries once with the repaired cookies when ensureCookies resolves true', async () => {
    let duToken: string | undefined;
    const ensureCookies = vi.fn(async () => {
      duToken = 'r|42|1';
      return true;
    });
    const { api, hooks, seen } = setup(
      (request) => (request.headers.duToken ? ok({ title: 'mine' }) : refusal(TOURIST, 'please log in')),
      { ensureCookies, authTokens: () => ({ duToken }) },
    );
    expect(await api(getItem, input)).toEqual({ title: 'mine' });
    expect(seen.map((r) => r.headers.duToken)).toEqual([undefined, 'r|42|1']);
    expect(seen[1]?.url).toBe(seen[0]?.url);
    expect(hooks.onAuthRequired).not.toHaveBeenCalled();
  });

  it('retries only once: a second login code runs the login handler', async () => {
    const ensureCookies = vi.fn(async () => true);
    const { api, hooks, seen } = setup(() => refusal(TOKEN_EXPIRED, 'login again'), { ensureCookies });
    expect((await rejection(api(getItem, input))).kind).toBe('auth');
    expect(seen).toHaveLength(2);
    expect(ensureCookies).toHaveBeenCalledTimes(1);
    expect(hooks.onAuthRequired).toHaveBeenCalledExactlyOnceWith(TOKEN_EXPIRED, expect.anything());
  });

  it('concurrent calls share one ensureCookies run, and each retries', async () => {
    let release: (repaired: boolean) => void = () => undefined;
    let healed = false;
    const ensureCookies = vi.fn(
      () =>
        new Promise<boolean>((resolve) => {
          release = (repaired) => {
            healed = repaired;
            resolve(repaired);
          };
        }),
    );
    const { api, seen } = setup(() => (healed ? ok({ title: 'ok' }) : refusal(TOURIST, 'please log in')), {
      ensureCookies,
    });
    const calls = [api(getItem, input), api(getItem, input), api(getItem, input)];
    await vi.waitFor(() => expect(seen).toHaveLength(3));
    await vi.waitFor(() => expect(ensureCookies).toHaveBeenCalled());
    release(true);
    expect(await Promise.all(calls)).toEqual([{ title: 'ok' }, { title: 'ok' }, { title: 'ok' }]);
    expect(ensureCookies).toHaveBeenCalledTimes(1);
    expect(seen).toHaveLength(6);
  });

  it('a rejecting ensureCookies counts as not repaired; its error goes to onHookError', async () => {
    const onHookError = vi.fn();
    const { api, hooks } = setup(() => refusal(TOURIST, 'please log in'), {
      onHookError,
      ensureCookies: () => Promise.reject(new Error('bridge gone')),
    });
    expect((await rejection(api(getItem, input))).kind).toBe('auth');
    expect(hooks.onAuthRequired).toHaveBeenCalledTimes(1);
    expect(onHookError).toHaveBeenCalledExactlyOnceWith(new Error('bridge gone'));
  });
});

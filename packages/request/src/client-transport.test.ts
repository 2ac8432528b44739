import { afterEach, describe, expect, it, vi } from 'vitest';
import { BASE, getItem, hang, ok, type Reply, rejection, riskCheck, setup, summary } from './test-utils';

const input = { itemId: 1, limit: 2 };

afterEach(() => {
  vi.useRealTimers();
});

describe('time-out (spec §8, §9)', () => {
  it("rejects after 10 s with '请求超时（10000 毫秒）' and reports onTimeout", async () => {
    vi.useFakeTimers();
    const { api, hooks, seen } = setup(hang);
    let settled = false;
    const pending = rejection(api(getItem, input)).finally(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(9999);
    expect(settled).toBe(false);
    expect(seen[0]?.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(summary(error)).toEqual({
      name: 'ApiError',
      kind: 'timeout',
      code: 0,
      httpStatus: 0,
      message: '请求超时（10000 毫秒）',
    });
    expect(seen[0]?.signal?.aborted).toBe(true);
    expect(hooks.onTimeout).toHaveBeenCalledExactlyOnceWith({
      method: 'GET',
      path: '/x/v1/items/:itemId',
      url: seen[0]?.url,
      timeoutMs: 10_000,
    });
    expect(seen[0]?.url.startsWith(`${BASE}/x/v1/items/1?`)).toBe(true);
    expect(hooks.onErrorToast).toHaveBeenCalledExactlyOnceWith('请求超时（10000 毫秒）', error);
  });

  it('takes a per-call time-out, and still fires when fetch ignores its signal', async () => {
    vi.useFakeTimers();
    const { api, hooks } = setup(() => new Promise(() => undefined));
    const pending = rejection(api(getItem, input, { timeoutMs: 2500 }));
    await vi.advanceTimersByTimeAsync(2500);
    expect((await pending).message).toBe('请求超时（2500 毫秒）');
    expect(hooks.onTimeout.mock.calls[0]?.[0].timeoutMs).toBe(2500);
  });

  it('a time-out of 0, the HTTP client default of spec §9, means none: no timer, a late answer still counts', async () => {
    vi.useFakeTimers();
    let answer: (value: Reply) => void = () => undefined;
    const { api, hooks } = setup(
      () =>
        new Promise<Reply>((resolve) => {
          answer = resolve;
        }),
    );
    const pending = api(getItem, input, { timeoutMs: 0 });
    await vi.advanceTimersByTimeAsync(600_000);
    expect(vi.getTimerCount()).toBe(0);
    answer(ok({ title: 'late' }));
    expect(await pending).toEqual({ title: 'late' });
    expect(hooks.onTimeout).not.toHaveBeenCalled();
  });

  it('takes a client time-out; an answer in time clears the timer', async () => {
    vi.useFakeTimers();
    const { api, hooks } = setup(() => ok({ title: 'fast' }), { timeoutMs: 50 });
    expect(await api(getItem, input)).toEqual({ title: 'fast' });
    expect(vi.getTimerCount()).toBe(0);
    expect(hooks.onTimeout).not.toHaveBeenCalled();
  });
});

describe('abort', () => {
  it("a caller abort rejects '请求已取消', without a toast", async () => {
    const { api, hooks, seen } = setup(hang);
    const controller = new AbortController();
    const pending = rejection(api(getItem, input, { signal: controller.signal }));
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    controller.abort();
    expect(summary(await pending)).toEqual({
      name: 'ApiError',
      kind: 'aborted',
      code: 0,
      httpStatus: 0,
      message: '请求已取消',
    });
    expect(seen[0]?.signal?.aborted).toBe(true);
    expect(hooks.onErrorToast).not.toHaveBeenCalled();
    expect(hooks.onTimeout).not.toHaveBeenCalled();
  });

  it('an already aborted signal sends nothing', async () => {
    const { api, seen } = setup(() => ok({ title: 'x' }));
    const error = await rejection(api(getItem, input, { signal: AbortSignal.abort() }));
    expect(error.kind).toBe('aborted');
    expect(seen).toHaveLength(0);
  });
});

describe('network and status errors', () => {
  it("a fetch TypeError rejects '网络错误'", async () => {
    const failure = new TypeError('Failed to fetch');
    const { api } = setup(() => Promise.reject(failure));
    const error = await rejection(api(getItem, input));
    expect(summary(error)).toEqual({
      name: 'ApiError',
      kind: 'network',
      code: 0,
      httpStatus: 0,
      message: '网络错误',
    });
    expect(error.cause).toBe(failure);
  });

  it.each([
    [502, '<html><body>Bad Gateway</body></html>'],
    [404, ''],
    [503, 'Service Unavailable'],
  ])("a %i without an envelope rejects '请求失败，状态码 N'", async (status, text) => {
    const { api, hooks } = setup(() => ({ status, text }));
    const error = await rejection(api(getItem, input));
    expect(summary(error)).toEqual({
      name: 'ApiError',
      kind: 'http',
      code: status,
      httpStatus: status,
      message: `请求失败，状态码 ${status}`,
    });
    expect(hooks.onErrorToast).toHaveBeenCalledTimes(1);
  });
});

describe('declined client (spec §8)', () => {
  it('rejects every call at once, sending nothing, when created declined', async () => {
    const { api, seen, hooks } = setup(() => ok({ title: 'x' }), { declined: true });
    expect(api.isDeclined()).toBe(true);
    expect(summary(await rejection(api(getItem, input)))).toEqual({
      name: 'ApiError',
      kind: 'declined',
      code: 0,
      httpStatus: 0,
      message: '请求被拒绝',
    });
    expect(seen).toHaveLength(0);
    expect(hooks.onErrorToast).not.toHaveBeenCalled();
  });

  it('decline(reason) flags a working client; the reason is in the message', async () => {
    const { api, seen } = setup(() => ok({ title: 'x' }));
    expect(await api(getItem, input)).toEqual({ title: 'x' });
    expect(api.isDeclined()).toBe(false);
    api.decline('privacy terms refused');
    expect((await rejection(api.envelope(getItem, input))).message).toBe('请求被拒绝：privacy terms refused');
    expect(seen).toHaveLength(1);
  });

  it('a call waiting on a captcha is not replayed once the client is declined', async () => {
    let pass: (session: string) => void = () => undefined;
    const onRiskCheck = vi.fn(() => new Promise<string>((resolve) => (pass = resolve)));
    const { api, seen } = setup(() => riskCheck(), { onRiskCheck });
    const pending = rejection(api(getItem, input));
    await vi.waitFor(() => expect(onRiskCheck).toHaveBeenCalled());
    api.decline();
    pass('p');
    expect((await pending).kind).toBe('declined');
    expect(seen).toHaveLength(1);
  });
});

import { AI_USER_BANNED } from '@h5/core';
import { describe, expect, it, vi } from 'vitest';
import { getItem, quiet, refusal, rejection, riskCheck, setup, summary } from './test-utils';

const input = { itemId: 1, limit: 2 };

describe('failure messages (spec §8)', () => {
  it('shows msg', async () => {
    const { api } = setup(() => refusal(4021, 'wrong code'));
    expect(summary(await rejection(api(getItem, input)))).toEqual({
      name: 'ApiError',
      kind: 'business',
      code: 4021,
      httpStatus: 200,
      message: 'wrong code',
    });
  });

  it('shows message when there is no msg', async () => {
    const { api } = setup(() => ({ json: { code: 4022, message: 'too frequent', data: null } }));
    expect((await rejection(api(getItem, input))).message).toBe('too frequent');
  });

  it("replaces an HTML-looking msg with '网络错误'", async () => {
    const { api } = setup(() => refusal(500123, '<html><body>502 Bad Gateway</body></html>'));
    expect((await rejection(api(getItem, input))).message).toBe('网络错误');
  });

  it("falls back to '加载失败，请重试' for an empty msg", async () => {
    const { api } = setup(() => refusal(500123, '  '));
    expect((await rejection(api(getItem, input))).message).toBe('加载失败，请重试');
  });

  it('shows the AI-image text of its code', async () => {
    const { api } = setup(() => refusal(AI_USER_BANNED, 'banned (server wording)'));
    expect((await rejection(api(getItem, input))).message).toBe('用户已被封禁');
  });

  it("a non-2xx envelope shows its msg with kind 'http' (a 400's: bad-request.test.ts)", async () => {
    const { api } = setup(() => refusal(4290, '操作太频繁，请 60 秒后再试', 429));
    expect(summary(await rejection(api(getItem, input)))).toMatchObject({
      kind: 'http',
      code: 4290,
      httpStatus: 429,
      message: '操作太频繁，请 60 秒后再试',
    });
  });

  it("a 2xx body that is no envelope rejects with the fallback text, kind 'http'", async () => {
    const { api } = setup(() => ({ text: '<!DOCTYPE html><html></html>' }));
    expect(summary(await rejection(api(getItem, input)))).toMatchObject({
      kind: 'http',
      httpStatus: 200,
      message: '加载失败，请重试',
    });
  });

  it('keeps the envelope data on the error', async () => {
    const { api } = setup(() => refusal(20999, 'sold out', 200, { left: 0 }));
    expect((await rejection(api(getItem, input))).data).toEqual({ left: 0 });
  });
});

describe('error toast', () => {
  it('is shown once per failed call, with the display message', async () => {
    const { api, hooks } = setup(() => refusal(4021, '<p>oops</p>'));
    const error = await rejection(api(getItem, input));
    expect(hooks.onErrorToast).toHaveBeenCalledTimes(1);
    expect(hooks.onErrorToast).toHaveBeenCalledWith('网络错误', error);
  });

  it('is not shown when the endpoint says errorToast: false', async () => {
    const { api, hooks } = setup(() => refusal(4021, 'quiet failure'));
    expect((await rejection(api(quiet, {}))).message).toBe('quiet failure');
    expect(hooks.onErrorToast).not.toHaveBeenCalled();
  });

  it('follows the call option over the endpoint', async () => {
    const { api, hooks } = setup(() => refusal(4021, 'x'));
    await rejection(api(quiet, {}, { errorToast: true }));
    await rejection(api(getItem, input, { errorToast: false }));
    expect(hooks.onErrorToast.mock.calls.map(([message]) => message)).toEqual(['x']);
  });

  it.each([700, 7999])('is not shown for login code %i', async (code) => {
    const { api, hooks } = setup(() => refusal(code, 'log in'));
    expect((await rejection(api(getItem, input))).kind).toBe('auth');
    expect(hooks.onErrorToast).not.toHaveBeenCalled();
  });

  it('is not shown for a risk check (HTTP 485)', async () => {
    const { api, hooks } = setup(() => riskCheck());
    expect((await rejection(api(getItem, input))).kind).toBe('risk');
    expect(hooks.onErrorToast).not.toHaveBeenCalled();
  });

  it('is shown for transport failures too (the message is the generic client text)', async () => {
    const { api, hooks } = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    await rejection(api(getItem, input));
    expect(hooks.onErrorToast).toHaveBeenCalledExactlyOnceWith('网络错误', expect.anything());
  });

  it('a throwing toast hook does not change the outcome; its error goes to onHookError', async () => {
    const onHookError = vi.fn();
    const { api } = setup(() => refusal(4021, 'x'), {
      onHookError,
      onErrorToast: () => {
        throw new Error('toast broke');
      },
    });
    expect(summary(await rejection(api(getItem, input)))).toMatchObject({ kind: 'business', message: 'x' });
    expect(onHookError).toHaveBeenCalledExactlyOnceWith(new Error('toast broke'));
  });
});

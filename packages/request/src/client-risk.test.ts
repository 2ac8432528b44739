import { CAPTCHA_SESSION_HEADER } from '@h5/core';
import { describe, expect, it, vi } from 'vitest';
import type { RiskCheckInfo } from './client-options';
import { BASE, getItem, ok, postJson, rejection, riskCheck, setup, summary } from './test-utils';

const input = { text: 'hi' };

/** A captcha hook held open until the test settles it. */
function heldCaptcha() {
  const control: { pass: (session: string) => void; fail: (error: Error) => void } = {
    pass: () => undefined,
    fail: () => undefined,
  };
  const onRiskCheck = vi.fn(
    (_info: RiskCheckInfo) =>
      new Promise<string>((resolve, reject) => {
        control.pass = resolve;
        control.fail = reject;
      }),
  );
  return { onRiskCheck, control };
}

describe('risk check: HTTP 485 (spec §8, DESIGN.md §9)', () => {
  it('without a captcha hook rejects at once with kind risk', async () => {
    const { api, seen } = setup(() => riskCheck());
    const error = await rejection(api(postJson, input));
    expect(summary(error)).toEqual({
      name: 'ApiError',
      kind: 'risk',
      code: 485,
      httpStatus: 485,
      message: 'please pass the captcha',
    });
    expect(error.data).toEqual({ captchaType: 'image', scene: 'community.reply' });
    expect(seen).toHaveLength(1);
  });

  it('N concurrent calls wait behind ONE challenge, then each replays once with the session header', async () => {
    const { onRiskCheck, control } = heldCaptcha();
    const { api, seen, hooks } = setup(
      (request) =>
        request.headers[CAPTCHA_SESSION_HEADER] === 'pass-1' ? ok({ replyId: seen.length }) : riskCheck(),
      { onRiskCheck },
    );
    const calls = [0, 1, 2, 3].map(() => api(postJson, input));
    await vi.waitFor(() => expect(seen).toHaveLength(4));
    await vi.waitFor(() => expect(onRiskCheck).toHaveBeenCalled());
    control.pass('pass-1');
    const replies = await Promise.all(calls);
    expect(onRiskCheck).toHaveBeenCalledTimes(1);
    expect(seen).toHaveLength(8);
    expect(seen.slice(0, 4).every((r) => r.headers[CAPTCHA_SESSION_HEADER] === undefined)).toBe(true);
    expect(seen.slice(4).map((r) => r.headers[CAPTCHA_SESSION_HEADER])).toEqual([
      'pass-1',
      'pass-1',
      'pass-1',
      'pass-1',
    ]);
    expect(replies.map((r) => r.replyId).sort()).toEqual([5, 6, 7, 8]);
    expect(hooks.onErrorToast).not.toHaveBeenCalled();
  });

  it('hands the captcha hook what the 485 said', async () => {
    const { onRiskCheck, control } = heldCaptcha();
    const { api } = setup(
      (r) => (r.headers[CAPTCHA_SESSION_HEADER] ? ok({ replyId: 1 }) : riskCheck('community.reply')),
      {
        onRiskCheck,
      },
    );
    const pending = api(postJson, input);
    await vi.waitFor(() => expect(onRiskCheck).toHaveBeenCalled());
    control.pass('s');
    await pending;
    const info = onRiskCheck.mock.calls[0]?.[0];
    expect(info).toMatchObject({
      endpoint: postJson,
      code: 485,
      message: 'please pass the captcha',
      scene: 'community.reply',
      data: { captchaType: 'image', scene: 'community.reply' },
    });
    expect(info?.url.startsWith(`${BASE}/x/v1/reply?sign=`)).toBe(true);
  });

  it('a replay that meets 485 again is rejected (no loops, no second challenge)', async () => {
    const onRiskCheck = vi.fn(async () => 'pass-1');
    const { api, seen, hooks } = setup(() => riskCheck(), { onRiskCheck });
    const error = await rejection(api(postJson, input));
    expect(summary(error)).toMatchObject({ kind: 'risk', httpStatus: 485 });
    expect(seen).toHaveLength(2);
    expect(seen[1]?.headers[CAPTCHA_SESSION_HEADER]).toBe('pass-1');
    expect(onRiskCheck).toHaveBeenCalledTimes(1);
    expect(hooks.onErrorToast).not.toHaveBeenCalled();
  });

  it('a failed challenge rejects every waiting call, with the challenge error as cause', async () => {
    const { onRiskCheck, control } = heldCaptcha();
    const { api, seen } = setup(() => riskCheck(), { onRiskCheck });
    const calls = [0, 1, 2].map(() => rejection(api(postJson, input)));
    await vi.waitFor(() => expect(onRiskCheck).toHaveBeenCalled());
    await vi.waitFor(() => expect(seen).toHaveLength(3));
    const closed = new Error('captcha closed');
    control.fail(closed);
    const errors = await Promise.all(calls);
    expect(errors.map((e) => [e.kind, e.httpStatus, e.cause])).toEqual([
      ['risk', 485, closed],
      ['risk', 485, closed],
      ['risk', 485, closed],
    ]);
    expect(seen).toHaveLength(3);
    expect(onRiskCheck).toHaveBeenCalledTimes(1);
  });

  it('an empty session id counts as a failed challenge', async () => {
    const { api, seen } = setup(() => riskCheck(), { onRiskCheck: async () => '' });
    expect((await rejection(api(postJson, input))).kind).toBe('risk');
    expect(seen).toHaveLength(1);
  });

  it('a challenge passed without a session id (null) replays once without the header', async () => {
    let passed = false;
    const onRiskCheck = vi.fn(async () => {
      passed = true; // the native verify told the server itself (docs/api.md "Native verify")
      return null;
    });
    const { api, seen, hooks } = setup(() => (passed ? ok({ replyId: 7 }) : riskCheck()), { onRiskCheck });
    expect(await api(postJson, input)).toEqual({ replyId: 7 });
    expect(seen).toHaveLength(2);
    expect(seen.map((r) => r.headers[CAPTCHA_SESSION_HEADER])).toEqual([undefined, undefined]);
    expect(onRiskCheck).toHaveBeenCalledTimes(1);
    expect(hooks.onErrorToast).not.toHaveBeenCalled();
  });

  it('a replay without a session that meets 485 again is rejected (no second challenge)', async () => {
    const onRiskCheck = vi.fn(async () => null);
    const { api, seen } = setup(() => riskCheck(), { onRiskCheck });
    expect(summary(await rejection(api(postJson, input)))).toMatchObject({ kind: 'risk', httpStatus: 485 });
    expect(seen).toHaveLength(2);
    expect(onRiskCheck).toHaveBeenCalledTimes(1);
  });

  it('a later risk check starts a new challenge', async () => {
    let n = 0;
    const onRiskCheck = vi.fn(async () => `pass-${++n}`);
    const { api } = setup((r) => (r.headers[CAPTCHA_SESSION_HEADER] ? ok({ title: 'x' }) : riskCheck()), {
      onRiskCheck,
    });
    await api(getItem, { itemId: 1, limit: 1 });
    await api(getItem, { itemId: 1, limit: 1 });
    expect(onRiskCheck).toHaveBeenCalledTimes(2);
  });

  it('a caller abort stops its own wait; the others still replay', async () => {
    const { onRiskCheck, control } = heldCaptcha();
    const { api, seen } = setup(
      (r) => (r.headers[CAPTCHA_SESSION_HEADER] ? ok({ replyId: 1 }) : riskCheck()),
      {
        onRiskCheck,
      },
    );
    const controller = new AbortController();
    const aborted = rejection(api(postJson, input, { signal: controller.signal }));
    const other = api(postJson, input);
    await vi.waitFor(() => expect(onRiskCheck).toHaveBeenCalled());
    await vi.waitFor(() => expect(seen).toHaveLength(2));
    controller.abort();
    expect(summary(await aborted)).toMatchObject({ kind: 'aborted', message: '请求已取消' });
    control.pass('p');
    expect(await other).toEqual({ replyId: 1 });
    expect(seen).toHaveLength(3);
  });
});

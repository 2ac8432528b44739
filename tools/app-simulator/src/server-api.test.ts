import { contract } from '@h5/contract';
import { signParams } from '@h5/core';
import { isApiError } from '@h5/request/api-error';
import { describe, expect, it } from 'vitest';
import { createServerApi, DEV_SIGN_SECRET } from './server-api';
import { TOKENS } from './test-utils';

function fakeFetch(status: number, body: unknown) {
  const seen: Array<{ url: string; init: RequestInit }> = [];
  const doFetch = (async (url: URL | string, init?: RequestInit) => {
    seen.push({ url: String(url), init: init ?? {} });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { doFetch, seen };
}

describe('createServerApi', () => {
  it('signs the call, sends the auth and captcha headers, resolves the envelope data', async () => {
    const { doFetch, seen } = fakeFetch(200, {
      code: 200,
      msg: 'ok',
      data: { resultCode: 1, sessionId: 's' },
    });
    const api = createServerApi('http://127.0.0.1:9', DEV_SIGN_SECRET, doFetch);
    const input = { challengeId: 'c1', answer: 'ABCD' };
    await expect(
      api(contract.auth.captchaVerify, input, { tokens: TOKENS, captchaSession: 'pass' }),
    ).resolves.toEqual({ resultCode: 1, sessionId: 's' });
    const { url, init } = seen[0] as (typeof seen)[number];
    expect(url).toBe(
      `http://127.0.0.1:9${contract.auth.captchaVerify.path}?sign=${signParams(input, DEV_SIGN_SECRET)}`,
    );
    expect(init.method).toBe('POST');
    expect(init.body).toBe(JSON.stringify(input));
    expect(init.headers).toMatchObject({
      duToken: TOKENS.duToken,
      'x-auth-token': TOKENS.xAuthToken,
      'x-captcha-session': 'pass',
    });
  });

  it('turns HTTP 485 into a risk error carrying the scene, and a refused envelope into a business error', async () => {
    const risk = createServerApi(
      'http://h',
      'secret-secret',
      fakeFetch(485, {
        code: 485,
        msg: 'too many',
        data: { captchaType: 'image', scene: 'auth.sendLoginCode' },
      }).doFetch,
    );
    const error = await risk(contract.auth.sendLoginCode, { phone: '13800138000' }).catch((e: unknown) => e);
    expect(isApiError(error) && [error.kind, error.message, error.data]).toEqual([
      'risk',
      'too many',
      { captchaType: 'image', scene: 'auth.sendLoginCode' },
    ]);
    const refused = createServerApi(
      'http://h',
      'secret-secret',
      fakeFetch(200, { code: 1001, msg: '验证码错误', data: null }).doFetch,
    );
    const failure = await refused(contract.auth.login, { phone: '13800138000', code: '000000' }).catch(
      (e: unknown) => e,
    );
    expect(isApiError(failure) && [failure.kind, failure.code, failure.message]).toEqual([
      'business',
      1001,
      '验证码错误',
    ]);
  });

  it('reports an unreachable server as a network error', async () => {
    const api = createServerApi('http://h', 'secret-secret', (async () => {
      throw new TypeError('fetch failed');
    }) as typeof fetch);
    const error = await api(contract.auth.loginOutbox, { phone: '13800138000' }).catch((e: unknown) => e);
    expect(isApiError(error) && error.kind).toBe('network');
  });
});

import { endpoint } from '@h5/contract';
import { signParams } from '@h5/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isApiError } from './api-error';
import { createApiClient } from './client';
import { BASE, bare, getItem, ok, postForm, postJson, rejection, SECRET, setup, summary } from './test-utils';

const call = endpoint({
  domain: 'config',
  method: 'GET',
  path: '/sns-conf/v1/common/h5/client-ip',
  auth: 'common',
  request: z.object({}),
  response: z.object({ xRealIp: z.string() }),
});

function clientAnswering(status: number, body: unknown) {
  const seen: { url: string; init: RequestInit }[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    seen.push({ url, init });
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
  }) as unknown as typeof globalThis.fetch;
  return {
    seen,
    api: createApiClient({
      baseUrl: 'https://api.test',
      signSecret: 's',
      fetch,
      headers: () => ({ 'x-auth-token': 't' }),
    }),
  };
}

describe('createApiClient', () => {
  it('returns the envelope data on code 200, with credentials and auth headers', async () => {
    const { api, seen } = clientAnswering(200, { code: 200, msg: 'ok', data: { xRealIp: '1.2.3.4' } });
    expect(await api(call, {})).toEqual({ xRealIp: '1.2.3.4' });
    expect(seen[0]?.url).toMatch(
      /^https:\/\/api\.test\/sns-conf\/v1\/common\/h5\/client-ip\?sign=[0-9a-f]{32}$/,
    );
    expect(seen[0]?.init.credentials).toBe('include');
    expect(seen[0]?.init.headers).toMatchObject({ 'x-auth-token': 't' });
  });

  it('rejects a business code with its msg and code', async () => {
    const { api } = clientAnswering(200, { code: 7999, msg: 'please log in', data: null });
    const error = await api(call, {}).catch((e: unknown) => e);
    expect(isApiError(error) && [error.code, error.message]).toEqual([7999, 'please log in']);
  });

  it('rejects a body without an envelope with the generic status text', async () => {
    const { api } = clientAnswering(502, '<html>bad gateway</html>');
    const error = await api(call, {}).catch((e: unknown) => e);
    expect(isApiError(error) && [error.httpStatus, error.message, error.kind]).toEqual([
      502,
      '请求失败，状态码 502',
      'http',
    ]);
  });
});

describe('success rule (spec §8)', () => {
  it('resolves the data on code 200', async () => {
    const { api } = setup(() => ok({ title: 'a' }));
    expect(await api(getItem, { itemId: 1, limit: 2 })).toEqual({ title: 'a' });
  });

  it('resolves on an envelope status of 200 without a code, and normalises the envelope', async () => {
    const { api } = setup(() => ({ json: { status: 200, message: 'fine', data: { title: 's' } } }));
    expect(await api(getItem, { itemId: 1, limit: 2 })).toEqual({ title: 's' });
    expect(await api.envelope(getItem, { itemId: 1, limit: 2 })).toEqual({
      code: 200,
      msg: 'fine',
      data: { title: 's' },
    });
  });

  it.each([
    485, 20101008, 20107004, 20101117, 20101121, 20101122, 20101115, 20103102, 20103108, 20103200, 20103110,
    20213801, 20125156, 201150201,
  ])('resolves allowed code %i (spec §8), and envelope() exposes the code', async (code) => {
    const { api, hooks } = setup(() => ({ json: { code, msg: `m${code}`, data: { title: 'x' } } }));
    expect(await api(getItem, { itemId: 1, limit: 2 })).toEqual({ title: 'x' });
    expect(await api.envelope(getItem, { itemId: 1, limit: 2 })).toEqual({
      code,
      msg: `m${code}`,
      data: { title: 'x' },
    });
    expect(hooks.onErrorToast).not.toHaveBeenCalled();
  });

  // Spec §9 "Low-level allowed codes [0,1,2,4]" are part of spec §8's "allowed lists" (docs/api.md).
  it.each([0, 1, 2, 4])('resolves low-level code %i', async (code) => {
    const { api } = setup(() => ({ json: { code, msg: '', data: { title: 'low' } } }));
    expect(await api(getItem, { itemId: 1, limit: 2 })).toEqual({ title: 'low' });
  });

  it('resolves on an allowed envelope status although the code is not', async () => {
    const { api } = setup(() => ({ json: { code: 3, status: 4, msg: '', data: { title: 'st' } } }));
    expect(await api(getItem, { itemId: 1, limit: 2 })).toEqual({ title: 'st' });
  });

  it('rejects a code outside every list (3 is not low-level allowed)', async () => {
    const { api } = setup(() => ({ json: { code: 3, msg: 'three', data: null } }));
    expect(summary(await rejection(api(getItem, { itemId: 1, limit: 2 })))).toMatchObject({
      kind: 'business',
      code: 3,
      message: 'three',
    });
  });

  it('does not let an allowed code through a non-2xx status', async () => {
    const { api } = setup(() => ({ status: 500, json: { code: 200, msg: 'internal error', data: null } }));
    expect(summary(await rejection(api(getItem, { itemId: 1, limit: 2 })))).toMatchObject({
      kind: 'http',
      httpStatus: 500,
      message: 'internal error',
    });
  });

  it('resolves the whole body of a bare endpoint (no envelope)', async () => {
    const { api } = setup(() => ({ json: { on: true } }));
    expect(await api(bare, {})).toEqual({ on: true });
  });
});

describe('the wire (spec §5, §6)', () => {
  it('GET: path filled, params and sign in the query', async () => {
    const { api, seen } = setup(() => ok({ title: 'a' }));
    await api(getItem, { itemId: 7, limit: 20 });
    expect(seen[0]?.method).toBe('GET');
    expect(seen[0]?.url).toBe(`${BASE}/x/v1/items/7?limit=20&sign=${signParams({ limit: 20 }, SECRET)}`);
    expect(seen[0]?.body).toBeUndefined();
  });

  it('POST form: sign in the query, form-encoded body', async () => {
    const { api, seen } = setup(() => ok(null));
    await api(postForm, { name: 'a b', no: 3 });
    expect(seen[0]?.url).toBe(`${BASE}/x/v1/addr-submit?sign=${signParams({ name: 'a b', no: 3 }, SECRET)}`);
    expect(seen[0]?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(seen[0]?.body).toBe('name=a+b&no=3');
  });

  it('POST JSON: sign in the query, JSON body', async () => {
    const { api, seen } = setup(() => ok({ replyId: 1 }));
    await api(postJson, { text: 'hi' });
    expect(seen[0]?.url).toBe(`${BASE}/x/v1/reply?sign=${signParams({ text: 'hi' }, SECRET)}`);
    expect(seen[0]?.headers['content-type']).toBe('application/json');
    expect(seen[0]?.body).toBe('{"text":"hi"}');
  });

  it('sends credentials, auth headers, flow type, client and call headers; empty values left out', async () => {
    let tokens: { duToken?: string | null; xAuthToken?: string | null } = {
      duToken: 'r|42|1',
      xAuthToken: 'xa',
    };
    let flow: string | undefined = 'gray';
    const { api, seen } = setup(() => ok({ title: 'a' }), {
      headers: () => ({ 'x-app': 'h5' }),
      authTokens: () => tokens,
      flowType: () => flow,
    });
    await api(getItem, { itemId: 1, limit: 1 }, { headers: { 'x-trace': 't1' } });
    expect(seen[0]?.credentials).toBe('include');
    expect(seen[0]?.headers).toEqual({
      'x-app': 'h5',
      duToken: 'r|42|1',
      'x-auth-token': 'xa',
      'x-flow-type': 'gray',
      'x-trace': 't1',
    });
    tokens = { duToken: null, xAuthToken: '' };
    flow = undefined;
    await api(getItem, { itemId: 1, limit: 1 });
    expect(seen[1]?.headers).toEqual({ 'x-app': 'h5' });
  });

  it('uses the global fetch when none is given', async () => {
    const original = globalThis.fetch;
    const { fetch, seen } = (await import('./test-utils')).fakeFetch(() => ok({ title: 'g' }));
    globalThis.fetch = fetch;
    try {
      const api = createApiClient({ baseUrl: '', signSecret: SECRET });
      expect(await api(getItem, { itemId: 2, limit: 1 })).toEqual({ title: 'g' });
      expect(seen[0]?.url.startsWith('/x/v1/items/2?')).toBe(true);
    } finally {
      globalThis.fetch = original;
    }
  });
});

import { endpoint } from '@h5/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isApiError } from './api-error';
import { createApiClient } from './client';

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
    expect(isApiError(error) && [error.httpStatus, error.message]).toEqual([
      502,
      'Request failed with status code 502',
    ]);
  });
});

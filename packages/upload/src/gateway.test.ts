import { describe, expect, it } from 'vitest';
import type { UploadConfig } from './config';
import { baseConfig, createFakeOss, makeFile, memoryStorage } from './test-utils';
import { createUploader } from './uploader';

async function tokenCallOf(config: Partial<UploadConfig>, cookie = 'duToken=from-cookie; x=1') {
  const oss = createFakeOss();
  const uploader = createUploader(baseConfig(config), {
    api: oss.api,
    transport: oss.transport,
    storage: { local: memoryStorage(), session: memoryStorage() },
    cookie: () => cookie,
  });
  await uploader.upload(makeFile('a.txt', 10), { folder: 'evidence' });
  return oss.tokenCalls()[0];
}

describe('token gateways', () => {
  it('auth sends the backstageCode header', async () => {
    const call = await tokenCallOf({
      gateway: 'auth',
      backstageCode: 'bs-1',
      gatewayKey: undefined,
      cookieKey: undefined,
    });
    expect(call).toMatchObject({
      path: '/sns-oss/v1/h5/oss-platform/token/auth',
      headers: { backstageCode: 'bs-1' },
    });
  });

  it('app reads the header value from the cookie, or from gatewayValue first', async () => {
    expect(await tokenCallOf({ gatewayKey: 'x-auth-token', cookieKey: 'duToken' })).toMatchObject({
      headers: { 'x-auth-token': 'from-cookie' },
    });
    expect(await tokenCallOf({ gatewayValue: 'given' })).toMatchObject({ headers: { duToken: 'given' } });
  });

  it('isAbroad takes the abroad gateway in place of app', async () => {
    expect(await tokenCallOf({ isAbroad: true })).toMatchObject({
      path: '/sns-oss/v1/h5/oss-platform/token/abroad',
    });
  });

  it('open sends its openObject in the body', async () => {
    const openObject = { clientId: 'cli', sysCode: 'sys', channel: 'h5' };
    const call = await tokenCallOf({ gateway: 'open', openObject });
    expect(call).toMatchObject({
      path: '/sns-oss/v1/h5/oss-platform/token/open',
      input: { appId: 'community-h5', fileName: 'a.txt', type: 'document', folder: 'evidence', openObject },
    });
  });

  it.each(['customize', 'v2', 'v3', 'internal'] as const)(
    '%s sends the gatewayKey header',
    async (gateway) => {
      const call = await tokenCallOf({ gateway });
      expect(call).toMatchObject({
        path: `/sns-oss/v1/h5/oss-platform/token/${gateway}`,
        headers: { duToken: 'from-cookie' },
      });
    },
  );
});

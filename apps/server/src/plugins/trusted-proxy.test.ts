import { contract } from '@h5/contract';
import { RISK_CHECK, SUCCESS } from '@h5/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUploadTestApp, requestToken, type UploadTestApp } from '../domains/upload/upload-test-kit';
import { createTestApp, type TestApp, uniquePhone } from '../test-utils';

/** Issue 11 point 12: what TRUST_PROXY=true may and may not take from forwarded headers. */

const setCookies = (headers: Record<string, unknown>): string[] =>
  [headers['set-cookie'] ?? []].flat().map(String);

async function logIn(t: TestApp, headers: Record<string, string>) {
  const phone = uniquePhone();
  await t.signedInject(contract.auth.sendLoginCode, { phone }, { headers });
  const outbox = await t.signedInject(contract.auth.loginOutbox, { phone });
  const code = outbox.body.data.messages[0]?.code ?? '';
  return t.signedInject(contract.auth.login, { phone, code }, { headers });
}

describe('behind a trusted proxy (TRUST_PROXY=true)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true', RISK_LOGIN_CODE_LIMIT: '2' });
  });
  afterAll(() => t.close());

  it('the client IP is the entry the proxy appended (rightmost X-Forwarded-For), never the client’s', async () => {
    const spoofed = await t.signedInject(
      contract.config.clientIp,
      {},
      { headers: { 'x-forwarded-for': '6.6.6.6, 198.51.100.7' } },
    );
    expect(spoofed.body.data).toEqual({ xRealIp: '198.51.100.7' });
    // X-Real-IP passes through a proxy that does not set it: the client could choose it.
    const realIp = await t.signedInject(
      contract.config.clientIp,
      {},
      { headers: { 'x-real-ip': '6.6.6.6' } },
    );
    expect(realIp.body.data).toEqual({ xRealIp: '127.0.0.1' });
  });

  it('a new leftmost X-Forwarded-For entry per request does not escape the per-address limit', async () => {
    const proxyAdded = '198.51.100.23';
    const statuses: number[] = [];
    for (const spoof of ['6.6.6.1', '6.6.6.2', '6.6.6.3']) {
      const res = await t.signedInject(
        contract.auth.sendLoginCode,
        { phone: uniquePhone() },
        { headers: { 'x-forwarded-for': `${spoof}, ${proxyAdded}` } },
      );
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, RISK_CHECK]);
  });

  it('session cookies get Secure when the request came over https (X-Forwarded-Proto)', async () => {
    const https = await logIn(t, { 'x-forwarded-for': '198.51.100.31', 'x-forwarded-proto': 'https' });
    expect(https.body.code).toBe(SUCCESS);
    const cookies = setCookies(https.headers);
    expect(cookies).toHaveLength(2);
    for (const cookie of cookies) expect(cookie).toMatch(/; Secure/);

    const logout = await t.signedInject(
      contract.auth.logout,
      {},
      { headers: { 'x-auth-token': https.body.data.xAuthToken, 'x-forwarded-proto': 'https' } },
    );
    const cleared = setCookies(logout.headers);
    expect(cleared).toHaveLength(2);
    for (const cookie of cleared) expect(cookie).toMatch(/; Secure/);

    const http = await logIn(t, { 'x-forwarded-for': '198.51.100.32', 'x-forwarded-proto': 'http' });
    for (const cookie of setCookies(http.headers)) expect(cookie).not.toMatch(/Secure/);
  });
});

describe('without a trusted proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('X-Forwarded-Proto does not make cookies Secure, nor X-Forwarded-For the address', async () => {
    const res = await logIn(t, { 'x-forwarded-proto': 'https', 'x-forwarded-for': '6.6.6.6' });
    expect(res.body.code).toBe(SUCCESS);
    for (const cookie of setCookies(res.headers)) expect(cookie).not.toMatch(/Secure/);
    const ip = await t.signedInject(
      contract.config.clientIp,
      {},
      { headers: { 'x-forwarded-for': '6.6.6.6' } },
    );
    expect(ip.body.data).toEqual({ xRealIp: '127.0.0.1' });
  });
});

describe('upload hosts never come from X-Forwarded-Host', () => {
  const body = { appId: 'community-h5', fileName: 'photo.png', type: 'image', folder: 'feedback' };
  let proxied: UploadTestApp;
  let configured: UploadTestApp;
  beforeAll(async () => {
    proxied = await createUploadTestApp({ TRUST_PROXY: 'true' });
    configured = await createUploadTestApp({ TRUST_PROXY: 'true', PUBLIC_ORIGIN: 'https://m.example.com' });
  });
  afterAll(async () => {
    for (const t of [proxied, configured]) {
      await t.close();
    }
  });

  it('the token names the request’s own Host, whatever X-Forwarded-Host says', async () => {
    const tokens = await proxied.app.deps.sessions.create(1);
    const res = await requestToken(proxied, 'app', body, {
      'x-auth-token': tokens.xAuthToken,
      'x-forwarded-host': 'evil.example',
    });
    expect(res.code).toBe(SUCCESS);
    expect(res.data.ossHost).toBe(`${proxied.base}/oss/community-h5`);
    expect(res.data.cdnHost).toBe(`${proxied.base}/cdn`);
  });

  it('PUBLIC_ORIGIN, when set, is the origin of every upload host', async () => {
    const tokens = await configured.app.deps.sessions.create(1);
    const res = await requestToken(configured, 'app', body, {
      'x-auth-token': tokens.xAuthToken,
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'http',
    });
    expect(res.code).toBe(SUCCESS);
    expect(res.data.ossHost).toBe('https://m.example.com/oss/community-h5');
    expect(res.data.cdnHost).toBe('https://m.example.com/cdn');
  });
});

import { contract, type Endpoint } from '@h5/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-utils';

/** Issue 11 point 14: internal pages and calls answer a loopback caller or an operator token only. */

const OPERATOR_TOKEN = 'operator-token-for-tests-0123456789';
const REMOTE = '203.0.113.9';
const FORBIDDEN_BODY = {
  code: 403,
  msg: '内部页面和接口只对本机或带运维令牌（x-operator-token）的请求开放',
  data: null,
};

const INTERNAL_CALLS: [string, Endpoint, Record<string, unknown>][] = [
  ['login outbox', contract.auth.loginOutbox, { phone: '13800138000' }],
  ['client-conf write', contract.config.setClientConf, { project: 'internal-test', key: 'k', value: 1 }],
  ['telemetry list', contract.analytics.listTelemetry, {}],
  ['event counts', contract.analytics.eventCounts, {}],
  ['captcha dev-answer', contract.auth.captchaDevAnswer, { challengeId: 'none' }],
];

const INTERNAL_PAGES = [
  '/internal/telemetry',
  '/internal/upload',
  '/internal/bridge',
  '/internal/analytics',
  '/analytics',
  '/__debug/render-error',
  // React Router's data requests of the same routes, and what its matching forgives.
  '/internal/telemetry.data',
  '/analytics.data?_routes=routes%2Fanalytics%2Fanalytics',
  '/Internal/Telemetry',
  '/%69nternal/telemetry',
  '/internal/./telemetry',
  '/internal/telemetry/',
  '//internal/telemetry',
];

describe('internal pages and calls on t1', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ APP_ENV: 't1', OPERATOR_TOKEN });
  });
  afterAll(() => t.close());

  it.each(INTERNAL_CALLS)('%s: 403 for a remote caller without the token', async (_name, endpoint, input) => {
    const res = await t.signedInject(endpoint, input as never, { remoteAddress: REMOTE });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(FORBIDDEN_BODY);
    const wrong = await t.signedInject(endpoint, input as never, {
      remoteAddress: REMOTE,
      headers: { 'x-operator-token': `${OPERATOR_TOKEN}x` },
    });
    expect(wrong.status).toBe(403);
    // A forwarded header is not the socket: no way in through X-Forwarded-For.
    const forwarded = await t.signedInject(endpoint, input as never, {
      remoteAddress: REMOTE,
      headers: { 'x-forwarded-for': '127.0.0.1', 'x-real-ip': '127.0.0.1' },
    });
    expect(forwarded.status).toBe(403);
  });

  it.each(INTERNAL_CALLS)(
    '%s: answered with the operator token or on loopback',
    async (_name, endpoint, input) => {
      const withToken = await t.signedInject(endpoint, input as never, {
        remoteAddress: REMOTE,
        headers: { 'x-operator-token': OPERATOR_TOKEN },
      });
      expect(withToken.status).toBe(200);
      for (const loopback of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
        const res = await t.signedInject(endpoint, input as never, { remoteAddress: loopback });
        expect(res.status, loopback).toBe(200);
      }
    },
  );

  it.each(INTERNAL_PAGES)(
    'page %s: 403 remote, on to the pages with the token or on loopback',
    async (url) => {
      const remote = await t.app.inject({ url, remoteAddress: REMOTE });
      expect(remote.statusCode).toBe(403);
      expect(remote.json()).toEqual(FORBIDDEN_BODY);
      // No web build in these tests: a page that gets past the guard answers 503.
      const token = await t.app.inject({
        url,
        remoteAddress: REMOTE,
        headers: { 'x-operator-token': OPERATOR_TOKEN },
      });
      expect(token.statusCode).toBe(503);
      const loopback = await t.app.inject({ url });
      expect(loopback.statusCode).toBe(503);
    },
  );

  it('leaves every other page and call alone', async () => {
    expect((await t.app.inject({ url: '/community/feed', remoteAddress: REMOTE })).statusCode).toBe(503);
    expect((await t.app.inject({ url: '/internals', remoteAddress: REMOTE })).statusCode).toBe(503);
    const feed = await t.signedInject(
      contract.content.moreRecommend,
      { limit: 1 },
      { remoteAddress: REMOTE },
    );
    expect(feed.status).toBe(200);
  });
});

describe('behind a reverse proxy on the same host (issue 26 point 3)', () => {
  const proxied: Record<string, TestApp> = {};
  beforeAll(async () => {
    proxied.one = await createTestApp({ APP_ENV: 't1', OPERATOR_TOKEN, TRUST_PROXY: 'true' });
    proxied.cdn = await createTestApp({ APP_ENV: 't1', OPERATOR_TOKEN, TRUST_PROXY: '2' });
    proxied.ranges = await createTestApp({
      APP_ENV: 't1',
      OPERATOR_TOKEN,
      TRUST_PROXY: 'loopback,198.51.100.0/24',
    });
  });
  afterAll(async () => {
    for (const t of Object.values(proxied)) await t.close();
  });
  /** The proxy (on loopback) forwards a request whose X-Forwarded-For ends with `chain`. */
  const viaProxy = (chain: string, extra: Record<string, string> = {}) => ({
    remoteAddress: '127.0.0.1',
    headers: { 'x-forwarded-for': chain, ...extra },
  });

  it.each(INTERNAL_CALLS)(
    '%s: 403 for a remote client the proxy forwards',
    async (_name, endpoint, input) => {
      const t = proxied.one as TestApp;
      const res = await t.signedInject(endpoint, input as never, viaProxy(REMOTE));
      expect(res.status).toBe(403);
      expect(res.body).toEqual(FORBIDDEN_BODY);
      // A client that writes loopback into the header itself: the proxy appends the real address.
      const spoofed = await t.signedInject(endpoint, input as never, viaProxy(`127.0.0.1, ${REMOTE}`));
      expect(spoofed.status).toBe(403);
      const token = await t.signedInject(
        endpoint,
        input as never,
        viaProxy(REMOTE, { 'x-operator-token': OPERATOR_TOKEN }),
      );
      expect(token.status).toBe(200);
    },
  );

  it('pages: 403 for a forwarded remote client, answered for a client on the machine', async () => {
    const t = proxied.one as TestApp;
    const remote = await t.app.inject({ url: '/internal/telemetry', ...viaProxy(REMOTE) });
    expect(remote.statusCode).toBe(403);
    // No web build here: a page past the guard answers 503.
    const local = await t.app.inject({ url: '/internal/telemetry', ...viaProxy('127.0.0.1') });
    expect(local.statusCode).toBe(503);
  });

  it('a hop count trusts that many proxies (a CDN before the balancer), the client before them', async () => {
    const t = proxied.cdn as TestApp;
    const client = await t.signedInject(contract.config.clientIp, {}, viaProxy(`${REMOTE}, 198.51.100.20`));
    expect(client.body.data).toMatchObject({ xRealIp: REMOTE });
    const forwarded = await t.signedInject(
      contract.analytics.listTelemetry,
      {},
      viaProxy(`127.0.0.1, ${REMOTE}, 198.51.100.20`),
    );
    expect(forwarded.status).toBe(403);
  });

  it('a list of ranges trusts exactly those peers', async () => {
    const t = proxied.ranges as TestApp;
    const viaCdn = await t.signedInject(contract.config.clientIp, {}, viaProxy(`${REMOTE}, 198.51.100.20`));
    expect(viaCdn.body.data).toMatchObject({ xRealIp: REMOTE });
    // A peer outside the ranges is the client, whatever it forwards.
    const direct = await t.signedInject(
      contract.analytics.listTelemetry,
      {},
      {
        remoteAddress: '192.0.2.77',
        headers: { 'x-forwarded-for': '127.0.0.1' },
      },
    );
    expect(direct.status).toBe(403);
  });
});

describe('internal pages and calls without an operator token configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ APP_ENV: 'pre' });
  });
  afterAll(() => t.close());

  it('refuse any token, answer loopback', async () => {
    const res = await t.signedInject(
      contract.analytics.listTelemetry,
      {},
      {
        remoteAddress: REMOTE,
        headers: { 'x-operator-token': '' },
      },
    );
    expect(res.status).toBe(403);
    expect((await t.signedInject(contract.analytics.listTelemetry, {})).status).toBe(200);
  });
});

describe('in production (pro)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ APP_ENV: 'pro', OPERATOR_TOKEN });
  });
  afterAll(() => t.close());

  it.each(INTERNAL_CALLS)('%s: 404, loopback and token included', async (_name, endpoint, input) => {
    const res = await t.signedInject(endpoint, input as never, {
      headers: { 'x-operator-token': OPERATOR_TOKEN },
    });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe(404);
  });

  it('internal pages: 404', async () => {
    for (const url of ['/internal/telemetry', '/analytics', '/__debug/render-error']) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(404);
    }
  });
});

describe('local', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers everyone, as before', async () => {
    for (const [name, endpoint, input] of INTERNAL_CALLS) {
      const res = await t.signedInject(endpoint, input as never, { remoteAddress: REMOTE });
      expect(res.status, name).toBe(200);
    }
    expect((await t.app.inject({ url: '/internal/telemetry', remoteAddress: REMOTE })).statusCode).toBe(503);
  });
});

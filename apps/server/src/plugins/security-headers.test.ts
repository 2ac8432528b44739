import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contract } from '@h5/contract';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-utils';
import { registerSecurityHeaders } from './security-headers';

const EXPECTED = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'SAMEORIGIN',
};

function expectSecurityHeaders(headers: Record<string, unknown>, what: string) {
  expect(headers, what).toMatchObject(EXPECTED);
  expect(String(headers['content-security-policy']), what).toContain("frame-ancestors 'self'");
}

describe('security headers on every answer (issue 11 point 12)', () => {
  let t: TestApp;
  let buildDir: string;
  beforeAll(async () => {
    // A client build with one asset and no server build: static files are served, pages answer 503.
    buildDir = mkdtempSync(join(tmpdir(), 'h5-headers-'));
    mkdirSync(join(buildDir, 'client', 'assets'), { recursive: true });
    writeFileSync(join(buildDir, 'client', 'assets', 'entry-abc.js'), 'console.log(1)');
    writeFileSync(join(buildDir, 'client', 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await createTestApp({ WEB_BUILD_DIR: buildDir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(buildDir, { recursive: true, force: true });
  });

  it('API answers: success, 400, 403 sign, 404 unknown path, 7999', async () => {
    expectSecurityHeaders((await t.signedInject(contract.config.epDyeing, {})).headers, 'success');
    const bad = await t.signedInject(contract.content.moreRecommend, { limit: 99 });
    expect(bad.status).toBe(400);
    expectSecurityHeaders(bad.headers, '400');
    const unsigned = await t.signedInject(contract.config.clientIp, {}, { sign: false });
    expect(unsigned.status).toBe(403);
    expectSecurityHeaders(unsigned.headers, '403');
    const tourist = await t.signedInject(contract.auth.me, {});
    expect(tourist.body.code).toBe(7999);
    expectSecurityHeaders(tourist.headers, '7999');
    const missing = await t.app.inject('/sns-nothing/here');
    expect(missing.statusCode).toBe(404);
    expectSecurityHeaders(missing.headers, 'unknown API path');
  });

  it('malformed bodies and bad URLs', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: `${contract.analytics.reportTelemetry.path}?sign=x`,
      headers: { 'content-type': 'application/json' },
      payload: '{"kind":',
    });
    expect(json.statusCode).toBe(400);
    expectSecurityHeaders(json.headers, 'bad JSON');
    const big = await t.app.inject({
      method: 'POST',
      url: `${contract.analytics.reportTelemetry.path}?sign=x`,
      headers: { 'content-type': 'application/json' },
      payload: `{"message":"${'x'.repeat(2_000_000)}"}`,
    });
    expect(big.statusCode).toBe(413);
    expectSecurityHeaders(big.headers, 'too large');
    const url = await t.app.inject('/sns-x/%E0%A4%A');
    expect(url.statusCode).toBe(400);
    expect(url.json()).toEqual({ code: 400, msg: 'url: 网址中有无效的百分号编码', data: null });
    expectSecurityHeaders(url.headers, 'bad URL');
  });

  it('static assets, the captcha SDK, the CDN, static config, health and pages', async () => {
    for (const path of [
      '/assets/entry-abc.js',
      '/favicon.svg',
      '/captcha/sdk.js',
      '/cdn/seed/avatar-1.svg?w=64&h=64',
      '/cdn/no-such-object.png',
      '/static-config/t1/configCenter/none/none.json',
      '/healthz',
      '/community/feed',
    ]) {
      const res = await t.app.inject(path);
      expectSecurityHeaders(res.headers, `${path} (${res.statusCode})`);
    }
  });
});

describe('a Content-Security-Policy a route set itself', () => {
  const app = Fastify();
  beforeAll(async () => {
    registerSecurityHeaders(app);
    app.get('/sandboxed', (_request, reply) =>
      reply.header('content-security-policy', "default-src 'none'; sandbox").send('x'),
    );
    app.get('/framed', (_request, reply) =>
      reply.header('content-security-policy', "default-src 'self'; frame-ancestors 'none'").send('x'),
    );
    await app.ready();
  });
  afterAll(() => app.close());

  it('is kept; frame-ancestors is added as a second policy when it has none', async () => {
    const res = await app.inject('/sandboxed');
    expect(res.headers['content-security-policy']).toEqual([
      "default-src 'none'; sandbox",
      "frame-ancestors 'self'",
    ]);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('is left alone when it names its own frame-ancestors', async () => {
    const res = await app.inject('/framed');
    expect(res.headers['content-security-policy']).toBe("default-src 'self'; frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});

describe('personal API answers are never stored (Cache-Control: private, no-store)', () => {
  let t: TestApp;
  let tokens: { duToken: string; xAuthToken: string };
  beforeAll(async () => {
    t = await createTestApp();
    tokens = await t.app.deps.sessions.create(1);
  });
  afterAll(() => t.close());

  it('every answer of a login-only entry, with or without a session', async () => {
    const me = await t.signedInject(contract.auth.me, {}, { cookies: { duToken: tokens.duToken } });
    expect(me.body.code).toBe(200);
    expect(me.headers['cache-control']).toBe('private, no-store');
    const tourist = await t.signedInject(contract.auth.me, {});
    expect(tourist.body.code).toBe(7999);
    expect(tourist.headers['cache-control']).toBe('private, no-store');
  });

  it('an answer computed with an active session, not a visitor’s', async () => {
    const reader = await t.signedInject(
      contract.content.moreRecommend,
      { limit: 2 },
      { headers: { 'x-auth-token': tokens.xAuthToken } },
    );
    expect(reader.body.code).toBe(200);
    expect(reader.headers['cache-control']).toBe('private, no-store');
    const visitor = await t.signedInject(contract.content.moreRecommend, { limit: 2 });
    expect(visitor.body.code).toBe(200);
    expect(String(visitor.headers['cache-control'] ?? '')).not.toContain('no-store');
  });
});

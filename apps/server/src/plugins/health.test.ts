import { contract } from '@h5/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-utils';

/** Issue 26 point 5: the probes, and what a draining node answers. */

const UNAVAILABLE = { code: 503, msg: '服务暂时不可用，请稍后重试' };
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('/livez, /readyz and /healthz', () => {
  it('answer 200 envelopes while serving', async () => {
    t = await createTestApp();
    expect((await t.app.inject('/livez')).json()).toEqual({
      code: 200,
      msg: 'success',
      data: { status: 'alive' },
    });
    for (const url of ['/readyz', '/healthz']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.json()).toEqual({ code: 200, msg: 'success', data: { status: 'ready' } });
    }
  });

  it('draining: /readyz and /healthz answer the 503 envelope, /livez 200, and calls are still served', async () => {
    t = await createTestApp();
    t.app.deps.lifecycle.draining = true;
    for (const url of ['/readyz', '/healthz']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(503);
      expect(res.json()).toEqual({ ...UNAVAILABLE, data: { status: 'draining' } });
    }
    expect((await t.app.inject('/livez')).statusCode).toBe(200);
    const feed = await t.signedInject(contract.content.moreRecommend, { limit: 1 });
    expect(feed.status).toBe(200);
    expect(feed.headers.connection).not.toBe('close');
  });

  it('draining: a GET from a balancer that retries 503s gets the 503 envelope; its POSTs are served', async () => {
    t = await createTestApp();
    t.app.deps.lifecycle.draining = true;
    const balancer = { headers: { 'x-balancer-retry': '503' } };
    const get = await t.signedInject(contract.content.moreRecommend, { limit: 1 }, balancer);
    expect(get.status).toBe(503);
    expect(get.body).toEqual({ ...UNAVAILABLE, data: { status: 'draining' } });
    expect(get.headers['retry-after']).toBe('0');
    const post = await t.signedInject(
      contract.analytics.reportTelemetry,
      { kind: 'render-error', message: 'drain', pageUrl: '/drain' },
      balancer,
    );
    expect(post.status).toBe(200);
    expect((await t.app.inject({ url: '/livez', ...balancer })).statusCode).toBe(200);
  });

  it('closing: every answer closes its connection', async () => {
    t = await createTestApp();
    t.app.deps.lifecycle.draining = true;
    t.app.deps.lifecycle.closing = true;
    const feed = await t.signedInject(contract.content.moreRecommend, { limit: 1 });
    expect(feed.status).toBe(200);
    expect(feed.headers.connection).toBe('close');
  });
});

import { contract } from '@h5/contract';
import { SUCCESS, TOURIST } from '@h5/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-utils';
import { createLoadContext, DEBUG_PREFETCH_DELAY_HEADER } from './load-context';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const pageRequest = (headers: Record<string, string> = {}, cookies: Record<string, string> = {}) =>
  ({ headers, cookies }) as unknown as FastifyRequest;
/** A page reply that keeps the headers the in-process calls set. */
function recordingReply() {
  const headers: Record<string, unknown> = {};
  const reply = {
    header(name: string, value: unknown) {
      headers[name] = value;
      return reply;
    },
  } as unknown as FastifyReply;
  return { reply, headers };
}
const noReply = recordingReply().reply;

describe('SSR hosting without a web build', () => {
  it('answers pages with 503 and says to run npm run build, while the API works', async () => {
    const page = await t.app.inject('/content/feed');
    expect(page.statusCode).toBe(503);
    expect(page.body).toMatch(/npm run build/);
    const api = await t.signedInject(contract.config.epDyeing, {});
    expect(api.body.code).toBe(SUCCESS);
  });
});

describe('page paths take GET and HEAD only (issue 26 point 9)', () => {
  it.each(['/hacking-task/v1/common/task/list', '/no-such-page', '/community/following', '/'])(
    'POST %s: the 404 envelope, never a page or its error page',
    async (url) => {
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload: 'a=1',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toMatchObject({ code: 404, data: null });
      expect(res.json().msg).toContain(`POST ${url}`);
    },
  );
});

describe('load context', () => {
  it('calls the same handler in process, without sign, parsing the input', async () => {
    const context = createLoadContext(t.app, t.app.deps, pageRequest(), noReply);
    const page = await context.api(contract.content.moreRecommend, { limit: 2 });
    expect(page.list).toHaveLength(2);
    expect(context.runtime).toEqual({
      appEnv: 'local',
      apiBaseUrl: '',
      signSecret: t.env.SIGN_SECRET,
      // The app's scheme and store links (issue 28 point 12); outside production the store
      // links are our own stand-in pages.
      app: {
        scheme: 'communityapp',
        iosStoreUrl: '/internal/stand-in/app-download?system=ios',
        androidStoreUrl: '/internal/stand-in/app-download?system=android',
      },
    });
    // A fresh CSP nonce per page request: 128 random bits in base64.
    expect(context.nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(createLoadContext(t.app, t.app.deps, pageRequest(), noReply).nonce).not.toBe(context.nonce);
    await expect(context.api(contract.content.moreRecommend, { limit: 99 })).rejects.toMatchObject({
      code: 400,
      serverMessage: 'limit: 数值过大：期望 number <=40',
    });
  });

  it('sends content-detail its version header, as the browser does (spec §7), and the handler reads it', async () => {
    const context = createLoadContext(t.app, t.app.deps, pageRequest(), noReply);
    const detail = await context.api(contract.content.contentDetail, { contentId: 1 });
    expect(detail.contentId).toBe(1);
    // The loader's own headers go along too: an older format is refused like over HTTP.
    await expect(
      context.api(contract.content.contentDetail, { contentId: 1 }, { headers: { version: '4.0.0' } }),
    ).rejects.toMatchObject({
      code: 400,
      serverMessage: 'version: content-detail 需要 4.83.0 或更高的版本，收到 4.0.0',
    });
  });

  it('uses the page request session', async () => {
    const visitor = createLoadContext(t.app, t.app.deps, pageRequest(), noReply);
    await expect(visitor.api(contract.auth.me, {})).rejects.toMatchObject({ code: TOURIST });
    const tokens = await t.app.deps.sessions.create(1);
    const page = recordingReply();
    const user = createLoadContext(
      t.app,
      t.app.deps,
      pageRequest({}, { duToken: tokens.duToken }),
      page.reply,
    );
    expect((await user.api(contract.auth.me, {})).userId).toBe(1);
    // A page rendered with the reader's session is personal: never stored.
    expect(page.headers['cache-control']).toBe('private, no-store');
  });

  it('delays answers by the debug header outside production', async () => {
    const slow = createLoadContext(
      t.app,
      t.app.deps,
      pageRequest({ [DEBUG_PREFETCH_DELAY_HEADER]: '150' }),
      noReply,
    );
    const started = Date.now();
    await slow.api(contract.config.epDyeing, {});
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });
});

describe('the prefetch delay hook outside local', () => {
  let t1: TestApp;
  beforeAll(async () => {
    t1 = await createTestApp({ APP_ENV: 't1', OPERATOR_TOKEN: 'operator-token-for-tests' });
  });
  afterAll(() => t1.close());

  it('ignores the header from a remote visitor, and honours it for the operator', async () => {
    const remote = (headers: Record<string, string>) =>
      ({ headers, cookies: {}, socket: { remoteAddress: '203.0.113.9' } }) as unknown as FastifyRequest;
    const visitor = createLoadContext(
      t1.app,
      t1.app.deps,
      remote({ [DEBUG_PREFETCH_DELAY_HEADER]: '20000' }),
      noReply,
    );
    const started = Date.now();
    await visitor.api(contract.config.epDyeing, {});
    // Far below the 20 s asked for: the visitor's header did nothing.
    expect(Date.now() - started).toBeLessThan(10_000);
    const operator = createLoadContext(
      t1.app,
      t1.app.deps,
      remote({ [DEBUG_PREFETCH_DELAY_HEADER]: '150', 'x-operator-token': 'operator-token-for-tests' }),
      noReply,
    );
    const slowStart = Date.now();
    await operator.api(contract.config.epDyeing, {});
    expect(Date.now() - slowStart).toBeGreaterThanOrEqual(140);
  });
});

describe('load context with another copy of the contract', () => {
  it('finds the handler by method and path (the web build bundles its own contract)', async () => {
    const copy = { ...contract.content.moreRecommend };
    const context = createLoadContext(t.app, t.app.deps, pageRequest(), noReply);
    expect((await context.api(copy, { limit: 1 })).list).toHaveLength(1);
  });
});

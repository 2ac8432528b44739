import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { contract } from '@h5/contract';
import type { AppLoadContext } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefetch, withinPrefetchLimit } from './prefetch.server';

afterEach(() => {
  vi.useRealTimers();
});

/** A load context whose in-process calls answer `value` after `ms`, counting the calls. */
function contextAnswering(ms: number, value: unknown = 'data') {
  const calls: string[] = [];
  const api = vi.fn((endpoint: { path: string }) => {
    calls.push(endpoint.path);
    return new Promise((resolve) => setTimeout(() => resolve(value), ms));
  });
  return { context: { api } as unknown as AppLoadContext, calls };
}

describe('prefetch: every server-side wait of a page request within 3000 ms (spec §4)', () => {
  it('answers the data of a call in time', async () => {
    const { context } = contextAnswering(0, { list: [] });
    await expect(prefetch(context, 'content.moreRecommend', { limit: 20 })).resolves.toEqual({
      ok: true,
      data: { list: [] },
    });
  });

  it('gives up at 3000 ms: the page renders and the browser loads the data', async () => {
    vi.useFakeTimers();
    const { context } = contextAnswering(8000);
    let settled: unknown;
    void prefetch(context, 'content.moreRecommend', { limit: 20 }).then((r) => {
      settled = r;
    });
    await vi.advanceTimersByTimeAsync(2999);
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toEqual({ ok: false, reason: 'timeout' });
  });

  it('calls in a row share one deadline: the second gets what is left of the 3000 ms', async () => {
    vi.useFakeTimers();
    const { context, calls } = contextAnswering(2000);
    const sequence = (async () => {
      const first = await prefetch(context, 'community.hashId', { hashId: 'abcdef' });
      const second = await prefetch(context, 'community.uhomepageProfile', { userId: 1 });
      return [first, second];
    })();
    await vi.advanceTimersByTimeAsync(3000);
    await expect(sequence).resolves.toEqual([
      { ok: true, data: 'data' },
      { ok: false, reason: 'timeout' },
    ]);
    // After the deadline a further wait does not even start.
    await expect(prefetch(context, 'auth.me', {})).resolves.toEqual({ ok: false, reason: 'timeout' });
    expect(calls).toEqual(['/sns-user-biz/v1/common/h5/hashId', '/sns-rec/v1/common/h5/uhomepage/profile']);
  });

  it('each page request has its own deadline', async () => {
    vi.useFakeTimers();
    const a = contextAnswering(2500);
    const b = contextAnswering(2500);
    const first = prefetch(a.context, 'auth.me', {});
    await vi.advanceTimersByTimeAsync(1000);
    const second = prefetch(b.context, 'auth.me', {});
    await vi.advanceTimersByTimeAsync(2500);
    await expect(first).resolves.toEqual({ ok: true, data: 'data' });
    await expect(second).resolves.toEqual({ ok: true, data: 'data' });
  });

  it('turns a failure into a value the loader judges (not-found, login), never a rejection', async () => {
    const failure = Object.assign(new Error('内容不存在或已被删除'), { code: 404 });
    const context = { api: () => Promise.reject(failure) } as unknown as AppLoadContext;
    await expect(withinPrefetchLimit(context, context.api(contract.auth.me, {}))).resolves.toEqual({
      ok: false,
      reason: 'error',
      error: failure,
    });
  });
});

describe('loaders wait only through prefetch', () => {
  it('no file of the web app but prefetch.server.ts calls context.api itself', () => {
    const app = join(__dirname, '..');
    const files = readdirSync(app, { recursive: true })
      .map(String)
      .filter((file) => /\.tsx?$/.test(file) && !file.includes('.test.'));
    const direct = files.filter((file) => /context\.api\b/.test(readFileSync(join(app, file), 'utf8')));
    expect(direct.map((file) => relative(app, join(app, file)))).toEqual(['lib/prefetch.server.ts']);
  });
});

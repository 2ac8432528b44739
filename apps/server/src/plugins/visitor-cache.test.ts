import { contract } from '@h5/contract';
import { SUCCESS } from '@h5/core';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { configEntries, contents } from '../db/schema';
import { createTestApp, type TestApp } from '../test-utils';
import { signedInUser } from '../test-utils/feedback';
import { VisitorCache } from './visitor-cache';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

const headers = { version: '4.83.0' };

describe("client-conf is kept in process without marking anything public ('in-process')", () => {
  it('keeps a visitor’s client-conf for a second unmarked, and forgets it when the switch is written', async () => {
    let now = Date.now();
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    const project = `in-process-${now}`;
    const read = async () => {
      const res = await t.signedInject(contract.config.clientConf, { project });
      expect(res.headers['cache-control'] ?? '').not.toContain('public');
      return res.body.data.errorPageSwitch;
    };
    await t.signedInject(contract.config.setClientConf, { project, key: 'errorPageSwitch', value: true });
    expect(await read()).toBe(true);
    // Written behind the endpoint's back: the kept answer stands for its second.
    await t.db
      .update(configEntries)
      .set({ value: { errorPageSwitch: false } })
      .where(and(eq(configEntries.projectName, project), eq(configEntries.key, 'client-conf')));
    now += 500;
    expect(await read()).toBe(true);
    now += 501;
    expect(await read()).toBe(false);
    // Through the internal write: this node forgets at once.
    await t.signedInject(contract.config.setClientConf, { project, key: 'errorPageSwitch', value: true });
    expect(await read()).toBe(true);
  });
});

describe('visitors see feed and content up to one second old (issue 19 point 2)', () => {
  it('marks a visitor’s feed and detail public for a second, and a signed-in reader’s private', async () => {
    const feed = await t.signedInject(contract.content.moreRecommend, { limit: 5 });
    expect(feed.headers['cache-control']).toBe('public, max-age=1, stale-while-revalidate=1');
    expect(feed.headers.vary).toBe('cookie, dutoken, x-auth-token');
    const [row] = await t.db.select({ id: contents.id }).from(contents).orderBy(asc(contents.id)).limit(1);
    const detail = await t.signedInject(
      contract.content.contentDetail,
      { contentId: row?.id ?? 0 },
      { headers },
    );
    expect(detail.headers['cache-control']).toBe('public, max-age=1, stale-while-revalidate=1');
    const reader = await signedInUser(t.app, t.db, 'cache-reader');
    const own = await t.signedInject(
      contract.content.moreRecommend,
      { limit: 5 },
      { cookies: reader.cookies },
    );
    expect(own.headers['cache-control']).toBe('private, no-store');
  });

  it('keeps a visitor’s answer for one second; a signed-in reader sees the change at once', async () => {
    let now = Date.now();
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    const [row] = await t.db
      .select({ id: contents.id })
      .from(contents)
      .orderBy(asc(contents.id))
      .offset(3)
      .limit(1);
    const contentId = row?.id ?? 0;
    const read = async (cookies?: Record<string, string>) => {
      const res = await t.signedInject(contract.content.contentDetail, { contentId }, { headers, cookies });
      expect(res.body.code).toBe(SUCCESS);
      return res.body.data.lightCount;
    };
    const before = await read();
    const fan = await signedInUser(t.app, t.db, 'cache-fan');
    const lit = await t.signedInject(
      contract.community.addContentLight,
      { contentId },
      { cookies: fan.cookies },
    );
    expect(lit.body.code).toBe(SUCCESS);
    expect(await read(fan.cookies)).toBe(before + 1);
    now += 999;
    expect(await read()).toBe(before); // still the kept answer
    now += 2;
    expect(await read()).toBe(before + 1); // a second later: read again
  });
});

describe('VisitorCache', () => {
  it('shares one load among concurrent callers and drops a failure at once', async () => {
    const cache = new VisitorCache(() => 0);
    let loads = 0;
    const load = async () => ++loads;
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.get('k', load)));
    expect(new Set(answers)).toEqual(new Set([1]));
    await expect(cache.get('bad', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await Promise.resolve();
    expect(await cache.get('bad', load)).toBe(2);
  });

  it("forgets one entry's answers and keeps the others'", async () => {
    const cache = new VisitorCache(() => 0);
    await cache.get('GET /a {"x":1} {}', async () => 'a1');
    await cache.get('GET /ab {"x":1} {}', async () => 'ab1');
    cache.forget('GET /a');
    expect(await cache.get('GET /a {"x":1} {}', async () => 'a2')).toBe('a2');
    expect(await cache.get('GET /ab {"x":1} {}', async () => 'ab2')).toBe('ab1');
  });

  it('holds at most 2000 answers, the oldest going first', async () => {
    let now = 0;
    const cache = new VisitorCache(() => now);
    for (let i = 0; i < 2100; i++) await cache.get(`k${i}`, async () => i);
    expect(cache.size).toBe(2000);
    expect(await cache.get('k2099', async () => -1)).toBe(2099);
    expect(await cache.get('k0', async () => -1)).toBe(-1);
    now = 1000;
    expect(await cache.get('k2099', async () => -2)).toBe(-2);
  });
});

import { contract, type TelemetryKind } from '@h5/contract';
import { NOT_FOUND, SUCCESS, TOO_MANY_REQUESTS } from '@h5/core';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { telemetry } from '../../db/schema';
import { createTestApp, type TestApp, uniqueIp, uniquePhone } from '../../test-utils';
import { findOrCreateUserByPhone } from '../auth/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('telemetry', () => {
  it('stores a report with the user agent and flow type', async () => {
    const res = await t.signedInject(
      contract.analytics.reportTelemetry,
      { kind: 'render-error', message: '渲染错误', pageUrl: '/content/feed', detail: 'TypeError: x' },
      { headers: { 'user-agent': 'Mozilla/5.0 test', 'x-flow-type': 'feature-a' } },
    );
    expect(res.body.code).toBe(SUCCESS);
    const [row] = await t.db.select().from(telemetry).where(eq(telemetry.id, res.body.data.id));
    expect(row).toMatchObject({
      kind: 'render-error',
      message: '渲染错误',
      pageUrl: '/content/feed',
      detail: 'TypeError: x',
      userAgent: 'Mozilla/5.0 test',
      flowType: 'feature-a',
    });
  });

  it('refuses an unknown kind naming the field', async () => {
    const res = await t.signedInject(contract.analytics.reportTelemetry, {
      kind: 'nope' as 'timeout',
      message: 'm',
      pageUrl: '/',
    });
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/^kind: /);
  });

  it('stores the flowType cookie, ignores an invalid value, and cuts long user agents', async () => {
    const fromCookie = await t.signedInject(
      contract.analytics.reportTelemetry,
      { kind: 'timeout', message: 'm', pageUrl: '/' },
      { cookies: { flowType: 'blue' }, headers: { 'user-agent': 'x'.repeat(2000) } },
    );
    const invalid = await t.signedInject(
      contract.analytics.reportTelemetry,
      { kind: 'timeout', message: 'm', pageUrl: '/' },
      { headers: { 'x-flow-type': 'drop table' } },
    );
    const rows = await t.db
      .select({ id: telemetry.id, flowType: telemetry.flowType, userAgent: telemetry.userAgent })
      .from(telemetry)
      .where(inArray(telemetry.id, [fromCookie.body.data.id, invalid.body.data.id]))
      .orderBy(telemetry.id);
    expect(rows.map((row) => row.flowType)).toEqual(['blue', null]);
    expect(rows[0]?.userAgent).toHaveLength(512);
  });
});

describe('listTelemetry', () => {
  const report = async (kind: TelemetryKind, message: string) =>
    (
      await t.signedInject(
        contract.analytics.reportTelemetry,
        { kind, message, pageUrl: '/p' },
        { headers: { 'x-flow-type': 'list-test', 'user-agent': 'UA/1' } },
      )
    ).body.data.id;

  it('pages the newest reports first by id, with a kind filter', async () => {
    const marker = `list-${Date.now()}`;
    const ids: number[] = [];
    for (const kind of ['captcha-sdk', 'timeout', 'captcha-sdk', 'timeout', 'captcha-sdk'] as const) {
      ids.push(await report(kind, `${marker}-${ids.length}`));
    }
    const newestFirst = [...ids].reverse();

    const first = await t.signedInject(contract.analytics.listTelemetry, { limit: 2 });
    expect(first.body.code).toBe(SUCCESS);
    expect(first.body.data.list.map((r) => r.id)).toEqual(newestFirst.slice(0, 2));
    expect(first.body.data.nextCursor).toBe(newestFirst[1]);
    expect(first.body.data.list[0]).toEqual({
      id: newestFirst[0],
      kind: 'captcha-sdk',
      message: `${marker}-4`,
      pageUrl: '/p',
      detail: null,
      userAgent: 'UA/1',
      flowType: 'list-test',
      // Not sent by this reporter (issue 12 client fields).
      anonymousId: null,
      clientId: null,
      release: null,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const second = await t.signedInject(contract.analytics.listTelemetry, {
      limit: 2,
      cursor: first.body.data.nextCursor as number,
    });
    expect(second.body.data.list.map((r) => r.id)).toEqual(newestFirst.slice(2, 4));

    const sdkOnly = await t.signedInject(contract.analytics.listTelemetry, { kind: 'captcha-sdk', limit: 3 });
    expect(sdkOnly.body.data.list.map((r) => r.id)).toEqual([ids[4], ids[2], ids[0]]);
    const rest = await t.signedInject(contract.analytics.listTelemetry, {
      kind: 'captcha-sdk',
      limit: 3,
      cursor: ids[0] as number,
    });
    expect(rest.body.data.list.every((r) => r.kind === 'captcha-sdk' && r.id < (ids[0] as number))).toBe(
      true,
    );
  });

  it('ends with a null cursor', async () => {
    const id = await report('white-screen', 'end');
    const page = await t.signedInject(contract.analytics.listTelemetry, { cursor: id + 1, limit: 100 });
    const all: number[] = page.body.data.list.map((r) => r.id);
    let cursor = page.body.data.nextCursor;
    while (cursor !== null) {
      const next = await t.signedInject(contract.analytics.listTelemetry, { cursor, limit: 100 });
      all.push(...next.body.data.list.map((r) => r.id));
      cursor = next.body.data.nextCursor;
    }
    expect(all[0]).toBe(id);
    expect(all).toEqual([...all].sort((a, b) => b - a));
  });

  it('answers HTTP 404 in production', async () => {
    const pro = await createTestApp({ APP_ENV: 'pro' });
    try {
      const res = await pro.signedInject(contract.analytics.listTelemetry, {});
      expect(res.status).toBe(404);
      expect(res.body.code).toBe(NOT_FOUND);
    } finally {
      await pro.close();
    }
  });
});

describe('telemetry limits per visitor and address (issue 11 points 6, 13)', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({
      TRUST_PROXY: 'true',
      RATE_TELEMETRY_PER_IP: '3',
      RATE_TELEMETRY_PER_VISITOR: '2',
      RATE_COLLECTOR_WINDOW_SECONDS: '600',
    });
  });
  afterAll(() => limited.close());

  const report = (ip: string, cookies?: Record<string, string>) =>
    limited.signedInject(
      contract.analytics.reportTelemetry,
      { kind: 'timeout', message: '请求超时', pageUrl: '/' },
      { headers: { 'x-forwarded-for': ip }, ...(cookies ? { cookies } : {}) },
    );
  const refusal = { code: TOO_MANY_REQUESTS, msg: '上报过于频繁，请 10 分钟后再试', data: null };

  it('answers the fourth report of an address in the window with 429 and stores nothing', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 3; i += 1) expect((await report(ip)).body.code).toBe(SUCCESS);
    const before = await limited.db.select({ id: telemetry.id }).from(telemetry);
    const refused = await report(ip);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(refusal);
    expect(await limited.db.select({ id: telemetry.id }).from(telemetry)).toHaveLength(before.length);
    expect((await report(uniqueIp())).body.code).toBe(SUCCESS);
  });

  it('counts a logged-in visitor’s reports whatever the address', async () => {
    const user = await findOrCreateUserByPhone(limited.db, uniquePhone());
    const tokens = await limited.app.deps.sessions.create(user.userId);
    const cookies = { duToken: tokens.duToken };
    for (let i = 0; i < 2; i += 1) expect((await report(uniqueIp(), cookies)).body.code).toBe(SUCCESS);
    const refused = await report(uniqueIp(), cookies);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(refusal);
  });

  it('stamps reports with the server’s time: a time in the body is not read', async () => {
    const withTime = {
      kind: 'timeout',
      message: '请求超时',
      pageUrl: '/',
      createdAt: '2000-01-01T00:00:00Z',
    };
    const res = await limited.signedInject(contract.analytics.reportTelemetry, withTime as never, {
      headers: { 'x-forwarded-for': uniqueIp() },
    });
    const id = res.body.data.id;
    const [row] = await limited.db.select().from(telemetry).where(eq(telemetry.id, id));
    expect(Math.abs((row?.createdAt.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
  });
});

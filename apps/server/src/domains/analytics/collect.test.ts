import { contract } from '@h5/contract';
import { NOT_FOUND, SUCCESS, signParams, TOO_MANY_REQUESTS } from '@h5/core';
import { buildRequest } from '@h5/request';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEvents, riskCounters, users } from '../../db/schema';
import { analyticsEvent, createTestApp, type TestApp, uniqueIp, uniquePhone } from '../../test-utils';
import { findOrCreateUserByPhone } from '../auth/users';
import { collectEvents } from './collect';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const collect = (events: unknown[], options?: Parameters<TestApp['signedInject']>[2]) =>
  t.signedInject(contract.analytics.collectEvents, { events }, options);

const storedRows = (uuids: string[]) =>
  t.db.select().from(analyticsEvents).where(inArray(analyticsEvents.uuid, uuids));

describe('collectEvents', () => {
  it('stores a batch and answers every uuid as accepted', async () => {
    const events = [
      analyticsEvent({ event: 'pageView', payload: { pageId: 637, path: '/content/feed' } }),
      analyticsEvent(),
      analyticsEvent({ event: 'feedClick', payload: { pageId: 9, contentId: 7, position: 3 } }),
    ];
    const res = await collect(events, { headers: { 'x-flow-type': 'collect-test' } });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(SUCCESS);
    expect(res.body.data).toEqual({ accepted: events.map((e) => e.uuid), duplicates: [], rejected: [] });

    const rows = await storedRows(events.map((e) => e.uuid));
    const first = rows.find((row) => row.uuid === events[0]?.uuid);
    expect(first).toMatchObject({
      tracker: 'h5',
      event: 'pageView',
      payload: { pageId: 637, path: '/content/feed' },
      occurredAt: new Date(events[0]?.occurredAt as number),
      expiresAt: new Date(events[0]?.expiresAt as number),
      userId: null,
      flowType: 'collect-test',
    });
    expect(first?.receivedAt).toBeInstanceOf(Date);
    expect(rows).toHaveLength(3);
  });

  it('answers a resent event as a duplicate and stores it once', async () => {
    const event = analyticsEvent();
    const first = await collect([event]);
    const again = await collect([event, analyticsEvent({ uuid: event.uuid, tracker: 'changed' })]);
    expect(first.body.data.accepted).toEqual([event.uuid]);
    expect(again.body.data).toEqual({ accepted: [], duplicates: [event.uuid, event.uuid], rejected: [] });
    const rows = await storedRows([event.uuid]);
    expect(rows.map((row) => row.tracker)).toEqual(['h5']);
  });

  it('stores the same uuid with another occurredAt as another event (the key is uuid and time, decision 027)', async () => {
    const event = analyticsEvent({ occurredAt: Date.now() - 60_000 });
    const moved = { ...event, occurredAt: event.occurredAt + 1_000 };
    expect((await collect([event])).body.data.accepted).toEqual([event.uuid]);
    expect((await collect([moved])).body.data).toEqual({
      accepted: [event.uuid],
      duplicates: [],
      rejected: [],
    });
    // Its own resend is still a duplicate.
    expect((await collect([moved])).body.data.duplicates).toEqual([event.uuid]);
    const rows = await storedRows([event.uuid]);
    expect(rows.map((row) => row.occurredAt.getTime()).sort()).toEqual([event.occurredAt, moved.occurredAt]);
  });

  it('stores a uuid repeated within one batch once: one accepted, the repeat a duplicate', async () => {
    const event = analyticsEvent();
    const other = analyticsEvent();
    const res = await collect([event, other, event]);
    expect(res.body.data).toEqual({
      accepted: [event.uuid, other.uuid],
      duplicates: [event.uuid],
      rejected: [],
    });
    expect(await storedRows([event.uuid, other.uuid])).toHaveLength(2);
  });

  it('stores each uuid exactly once when the same events arrive concurrently, in any order', async () => {
    // Several rounds: on PostgreSQL, overlapping inserts in different orders deadlock unless the
    // collector writes in one order (uuid); PGlite runs them one after another.
    for (let round = 0; round < 10; round++) {
      const events = Array.from({ length: 100 }, (_, i) =>
        analyticsEvent({ payload: { pageId: 9, contentId: i + 1, position: i } }),
      );
      const uuids = events.map((e) => e.uuid);
      const reversed = [...events].reverse();
      const interleaved = [...events.filter((_, i) => i % 2), ...events.filter((_, i) => i % 2 === 0)];
      const batches = [events, reversed, interleaved, events, reversed];
      const answers = await Promise.all(batches.map((batch) => collect(batch)));
      for (const res of answers) {
        expect(res.status).toBe(200);
        expect(res.body.data.accepted.length + res.body.data.duplicates.length).toBe(events.length);
      }
      const accepted = answers.flatMap((res) => res.body.data.accepted);
      expect(accepted.sort()).toEqual([...uuids].sort());
      expect(await storedRows(uuids)).toHaveLength(events.length);
    }
  });

  it('gives each of concurrent batches its own verdicts when their inserts are grouped', async () => {
    const shared = analyticsEvent();
    const moved = { ...shared, occurredAt: shared.occurredAt - 1_000 };
    const own = Array.from({ length: 6 }, () => analyticsEvent());
    // Six batches at once: the first goes alone, the others wait and are stored together, except
    // those holding a uuid already in the group (they wait for the next insert).
    const answers = await Promise.all(
      own.map((event, i) =>
        collectEvents(t.db, [event, i % 2 ? shared : moved], { userId: null, flowType: null }),
      ),
    );
    for (const [i, answer] of answers.entries()) {
      expect(answer.accepted).toContain(own[i]?.uuid);
      expect(answer.rejected).toEqual([]);
    }
    // The shared uuid at two times: two events, each accepted once, all its other copies duplicates.
    const accepted = answers.flatMap((answer) => answer.accepted).filter((uuid) => uuid === shared.uuid);
    const duplicates = answers.flatMap((answer) => answer.duplicates);
    expect(accepted).toHaveLength(2);
    expect(duplicates).toEqual([shared.uuid, shared.uuid, shared.uuid, shared.uuid]);
    expect(await storedRows([shared.uuid, ...own.map((e) => e.uuid)])).toHaveLength(8);
  });

  it('refuses a bad event with a reason and keeps the good ones of the same batch', async () => {
    const good = [analyticsEvent(), analyticsEvent()];
    const badUuid = analyticsEvent({ uuid: 'not a uuid' });
    const notAnObject = 42;
    const res = await collect([good[0], badUuid, notAnObject, good[1]]);
    expect(res.status).toBe(200);
    expect(res.body.data.accepted).toEqual(good.map((e) => e.uuid));
    expect(res.body.data.rejected).toEqual([
      { index: 1, uuid: null, reason: 'uuid: uuid must be 16–64 hex digits or dashes' },
      { index: 2, uuid: null, reason: expect.stringMatching(/期望 object/) },
    ]);
    expect(await storedRows(good.map((e) => e.uuid))).toHaveLength(2);
  });

  it('refuses an unknown event name', async () => {
    const event = analyticsEvent({ event: 'toString' });
    const res = await collect([event]);
    expect(res.body.data).toEqual({
      accepted: [],
      duplicates: [],
      rejected: [{ index: 0, uuid: event.uuid, reason: 'unknown event "toString"' }],
    });
    expect(await storedRows([event.uuid])).toHaveLength(0);
  });

  it('names the bad payload field', async () => {
    const event = analyticsEvent({ payload: { pageId: 9, contentId: 'x', position: 0 } });
    const twoBad = analyticsEvent({ event: 'pageView', payload: { pageId: 10 } });
    const res = await collect([event, twoBad]);
    const reasons = res.body.data.rejected.map((r) => r.reason);
    expect(reasons[0]).toMatch(/^payload\.contentId: .*期望 数字/);
    expect(reasons[1]).toMatch(/^payload\.pageId: .*; payload\.path: /);
    expect(res.body.data.rejected.map((r) => r.uuid)).toEqual([event.uuid, twoBad.uuid]);
  });

  it('refuses text the database cannot store (NUL, unpaired surrogates) without failing the batch', async () => {
    const good = analyticsEvent();
    const nul = analyticsEvent({ tracker: 'h5\u0000' });
    const surrogate = analyticsEvent({ event: 'pageView', payload: { pageId: 9, path: '/a\ud800b' } });
    const res = await collect([nul, good, surrogate]);
    expect(res.status).toBe(200);
    expect(res.body.data.accepted).toEqual([good.uuid]);
    expect(res.body.data.rejected).toEqual([
      { index: 0, uuid: nul.uuid, reason: 'tracker: contains a NUL or an unpaired surrogate character' },
      {
        index: 2,
        uuid: surrogate.uuid,
        reason: 'payload.path: contains a NUL or an unpaired surrogate character',
      },
    ]);
  });

  it('stores the payload as its schema parsed it (unknown keys dropped)', async () => {
    const event = analyticsEvent({ payload: { pageId: 9, contentId: 5, position: 1, extra: 'x' } });
    await collect([event]);
    const [row] = await storedRows([event.uuid]);
    expect(row?.payload).toEqual({ pageId: 9, contentId: 5, position: 1 });
  });

  it('refuses expired events and events from more than 5 minutes ahead', async () => {
    const now = Date.now();
    const expired = analyticsEvent({ occurredAt: now - 10_801_000, expiresAt: now - 1000 });
    const future = analyticsEvent({ occurredAt: now + 10 * 60_000 });
    const skewed = analyticsEvent({ occurredAt: now + 60_000 });
    const farOff = analyticsEvent({ expiresAt: 8.64e15 });
    const res = await collect([expired, future, skewed, farOff]);
    expect(res.body.data).toEqual({
      accepted: [skewed.uuid],
      duplicates: [],
      rejected: [
        { index: 0, uuid: expired.uuid, reason: 'expired' },
        { index: 1, uuid: future.uuid, reason: 'occurredAt: more than 5 minutes in the future' },
        { index: 3, uuid: farOff.uuid, reason: 'expiresAt: later than the year 9999' },
      ],
    });
  });

  it('refuses times no live event has (issue 11 point 13): the 3-hour expiry of spec §4, plus a minute', async () => {
    const now = Date.now();
    const year = 365 * 24 * 3_600_000;
    // The vector: dated a year back, expiring in 50 years.
    const yearBackFiftyYears = analyticsEvent({ occurredAt: now - year, expiresAt: now + 50 * year });
    const yearBack = analyticsEvent({ occurredAt: now - year, expiresAt: now - year + 10_800_000 });
    const longLived = analyticsEvent({ occurredAt: now, expiresAt: now + 10_860_001 });
    const backwards = analyticsEvent({ occurredAt: now, expiresAt: now - 1 });
    const justTooOld = analyticsEvent({ occurredAt: now - 10_900_000, expiresAt: now - 100_000 });
    const lastMinute = analyticsEvent({ occurredAt: now - 10_000_000, expiresAt: now + 860_000 });
    const tracked = analyticsEvent({ occurredAt: now - 60_000, expiresAt: now - 60_000 + 10_800_000 });
    const res = await collect([
      yearBackFiftyYears,
      yearBack,
      longLived,
      backwards,
      justTooOld,
      lastMinute,
      tracked,
    ]);
    expect(res.body.data).toEqual({
      accepted: [lastMinute.uuid, tracked.uuid],
      duplicates: [],
      rejected: [
        { index: 0, uuid: yearBackFiftyYears.uuid, reason: 'expiresAt: more than 3 hours after occurredAt' },
        { index: 1, uuid: yearBack.uuid, reason: 'occurredAt: more than 3 hours ago' },
        { index: 2, uuid: longLived.uuid, reason: 'expiresAt: more than 3 hours after occurredAt' },
        { index: 3, uuid: backwards.uuid, reason: 'expiresAt: earlier than occurredAt' },
        { index: 4, uuid: justTooOld.uuid, reason: 'occurredAt: more than 3 hours ago' },
      ],
    });
    expect(await storedRows([yearBackFiftyYears.uuid, yearBack.uuid, longLived.uuid])).toHaveLength(0);
  });

  it('refuses a batch over 100 events or an empty one as malformed (HTTP 400)', async () => {
    const tooMany = await collect(Array.from({ length: 101 }, () => analyticsEvent()));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.msg).toMatch(/^events: /);
    const empty = await collect([]);
    expect(empty.status).toBe(400);
  });

  it('accepts a sendBeacon body (text/plain;charset=UTF-8 JSON, sign in the query)', async () => {
    const event = analyticsEvent();
    const wire = buildRequest(contract.analytics.collectEvents, { events: [event] }, t.env.SIGN_SECRET);
    const res = await t.app.inject({
      method: 'POST',
      url: wire.url,
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: wire.body,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.accepted).toEqual([event.uuid]);

    const unsigned = await t.app.inject({
      method: 'POST',
      url: contract.analytics.collectEvents.path,
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: wire.body,
    });
    expect(unsigned.statusCode).toBe(403);
    const notJson = await t.app.inject({
      method: 'POST',
      url: wire.url,
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: 'events=1',
    });
    expect(notJson.statusCode).toBe(400);
  });

  it('keeps text/plain a plain string on other routes', async () => {
    // A string body signs as no parameters; signed so, the call reaches the body check.
    const wire = buildRequest(
      contract.analytics.reportTelemetry,
      { kind: 'timeout', message: 'm', pageUrl: '/' },
      t.env.SIGN_SECRET,
      { sign: signParams({}, t.env.SIGN_SECRET) },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: wire.url,
      headers: { 'content-type': 'text/plain' },
      payload: wire.body,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('body: expected an object');
  });

  it('records the session user', async () => {
    const [user] = await t.db.select({ id: users.id }).from(users).limit(1);
    const tokens = await t.app.deps.sessions.create(user?.id as number);
    const event = analyticsEvent();
    const res = await collect([event], { cookies: { duToken: tokens.duToken } });
    expect(res.body.data.accepted).toEqual([event.uuid]);
    const [row] = await storedRows([event.uuid]);
    expect(row?.userId).toBe(user?.id);
  });

  it('is not risk-counted (a common call) and is served in production', async () => {
    const strict = await createTestApp({ RISK_WRITE_LIMIT: '1', APP_ENV: 'pro' });
    try {
      for (let i = 0; i < 3; i++) {
        const res = await strict.signedInject(contract.analytics.collectEvents, {
          events: [analyticsEvent()],
        });
        expect(res.status).toBe(200);
        expect(res.body.data.accepted).toHaveLength(1);
      }
      const counts = await strict.signedInject(contract.analytics.eventCounts, {});
      expect(counts.status).toBe(404);
      expect(counts.body.code).toBe(NOT_FOUND);
    } finally {
      await strict.close();
    }
  });
});

describe('collector limits per visitor and address (issue 11 points 6, 13)', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({
      TRUST_PROXY: 'true',
      RATE_COLLECT_PER_IP: '10',
      RATE_COLLECT_PER_VISITOR: '5',
      RATE_COLLECTOR_WINDOW_SECONDS: '600',
    });
  });
  afterAll(() => limited.close());

  const send = (events: unknown[], ip: string, cookies?: Record<string, string>) =>
    limited.signedInject(
      contract.analytics.collectEvents,
      { events },
      { headers: { 'x-forwarded-for': ip }, ...(cookies ? { cookies } : {}) },
    );
  const batch = (n: number) => Array.from({ length: n }, () => analyticsEvent());
  const refusal = { code: TOO_MANY_REQUESTS, msg: '上报过于频繁，请 10 分钟后再试', data: null };

  it('counts events per address: at the limit the whole batch answers 429 and nothing of it is stored', async () => {
    const ip = uniqueIp();
    expect((await send(batch(6), ip)).body.data.accepted).toHaveLength(6);
    // Room left when it arrives: a batch passes, even past the limit (no batch waits for ever).
    expect((await send(batch(5), ip)).body.data.accepted).toHaveLength(5);
    const second = batch(1);
    const refused = await send(second, ip);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(refusal);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(590);
    expect(await storedRows(second.map((e) => e.uuid))).toHaveLength(0);
    // Another address is not affected; this one again once the window is over (database clock).
    expect((await send(batch(4), uniqueIp())).status).toBe(200);
    await limited.db
      .update(riskCounters)
      .set({ windowStart: sql`now() - interval '601 seconds'` })
      .where(eq(riskCounters.subject, `ip:${ip}`));
    expect((await send(second, ip)).body.data.accepted).toEqual(second.map((e) => e.uuid));
  });

  it('counts a logged-in visitor’s events whatever the address', async () => {
    const user = await findOrCreateUserByPhone(limited.db, uniquePhone());
    const tokens = await limited.app.deps.sessions.create(user.userId);
    const cookies = { duToken: tokens.duToken };
    expect((await send(batch(3), uniqueIp(), cookies)).status).toBe(200);
    expect((await send(batch(3), uniqueIp(), cookies)).status).toBe(200);
    const refused = await send(batch(1), uniqueIp(), cookies);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(refusal);
  });
});

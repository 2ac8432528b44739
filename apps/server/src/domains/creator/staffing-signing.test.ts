import { contract } from '@h5/contract';
import { SUCCESS } from '@h5/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flexibleStaffingSignings } from '../../db/schema';
import { createTestApp, signedInUser, type TestApp } from '../../test-utils';
import { staffingSignings } from './staffing';
import {
  readStaffingState,
  STAFFING_CALLBACK_PATH,
  staffingCallbackSignature,
  staffingState,
} from './staffing-signing';

const SECRET = 'provider-shared-secret-0123';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ FLEXIBLE_STAFFING_CALLBACK_SECRET: SECRET });
});
afterAll(() => t.close());

const now = () => Math.floor(Date.now() / 1000);
/** Posts a callback as the provider would: `secret` signs `{timestamp}.{body}`. */
function callback(body: object | string, options: { at?: number; secret?: string; signature?: string } = {}) {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const timestamp = String(options.at ?? now());
  return t.app.inject({
    method: 'POST',
    url: STAFFING_CALLBACK_PATH,
    headers: {
      'content-type': 'application/json',
      'x-staffing-timestamp': timestamp,
      'x-staffing-signature':
        options.signature ?? staffingCallbackSignature(options.secret ?? SECRET, timestamp, raw),
    },
    payload: raw,
  });
}
const signing = (userId: number) =>
  t.db.select().from(flexibleStaffingSignings).where(eq(flexibleStaffingSignings.userId, userId));

async function creator(name: string) {
  const user = await signedInUser(t.app, t.db, name);
  const event = (contractId: string) => ({
    eventId: `evt-${contractId}`,
    contractId,
    state: staffingState(t.env.SIGN_SECRET, user.userId),
    signedAt: '2026-11-20T08:00:00.000Z',
  });
  return { ...user, event };
}

describe('the signing callback (issue 31 point 3)', () => {
  it('records a signed callback; the creator then shows signed, and the backstage table too', async () => {
    const c = await creator('staffing-good');
    const answer = await callback(c.event('c-good-1'));
    expect([answer.statusCode, answer.json()]).toEqual([200, { ok: true, recorded: true }]);
    expect(await signing(c.userId)).toEqual([
      { userId: c.userId, contractId: 'c-good-1', signedAt: new Date('2026-11-20T08:00:00.000Z') },
    ]);
    const view = await t.signedInject(contract.creator.flexibleStaffing, {}, { cookies: c.cookies });
    expect(view.body.data).toEqual({ signed: true, signedAt: '2026-11-20T08:00:00.000Z', signUrl: null });
    const table = await staffingSignings(t.db, { signed: 'yes', limit: 100 } as never);
    expect(table.list.find((row) => row.user.userId === c.userId)).toMatchObject({
      signed: true,
      signedAt: '2026-11-20T08:00:00.000Z',
    });
  });

  it('refuses a wrong signature, another secret or a missing one with 401, changing nothing', async () => {
    const c = await creator('staffing-bad');
    expect((await callback(c.event('c-bad-1'), { secret: 'not-the-shared-secret' })).statusCode).toBe(401);
    expect((await callback(c.event('c-bad-2'), { signature: 'ab'.repeat(32) })).statusCode).toBe(401);
    // A body changed after signing.
    const timestamp = String(now());
    const signed = JSON.stringify(c.event('c-bad-3'));
    const tampered = await t.app.inject({
      method: 'POST',
      url: STAFFING_CALLBACK_PATH,
      headers: {
        'content-type': 'application/json',
        'x-staffing-timestamp': timestamp,
        'x-staffing-signature': staffingCallbackSignature(SECRET, timestamp, signed),
      },
      payload: signed.replace('c-bad-3', 'c-bad-4'),
    });
    expect(tampered.statusCode).toBe(401);
    const unsigned = await t.app.inject({ method: 'POST', url: STAFFING_CALLBACK_PATH, payload: signed });
    expect(unsigned.statusCode).toBe(401);
    expect(await signing(c.userId)).toEqual([]);
  });

  it('refuses a timestamp more than five minutes off either way, changing nothing', async () => {
    const c = await creator('staffing-stale');
    expect((await callback(c.event('c-stale-1'), { at: now() - 301 })).statusCode).toBe(401);
    expect((await callback(c.event('c-stale-2'), { at: now() + 301 })).statusCode).toBe(401);
    expect(await signing(c.userId)).toEqual([]);
    expect((await callback(c.event('c-stale-3'), { at: now() - 290 })).statusCode).toBe(200);
  });

  it('a duplicate (the same event sent again, or another contract for a signed creator) changes nothing', async () => {
    const c = await creator('staffing-dup');
    const event = c.event('c-dup-1');
    const answers = await Promise.all([callback(event), callback(event), callback(event)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers.map((a) => a.json().recorded).sort()).toEqual([false, false, true]);
    const again = await callback({ ...c.event('c-dup-2'), signedAt: '2026-11-21T00:00:00.000Z' });
    expect(again.json()).toEqual({ ok: true, recorded: false });
    expect(await signing(c.userId)).toEqual([
      { userId: c.userId, contractId: 'c-dup-1', signedAt: new Date('2026-11-20T08:00:00.000Z') },
    ]);
  });

  it('refuses a state we did not make (400) and a malformed body (400)', async () => {
    const c = await creator('staffing-state');
    const forged = await callback({ ...c.event('c-state-1'), state: `${c.userId}.${'x'.repeat(32)}` });
    expect([forged.statusCode, forged.json()]).toEqual([400, { ok: false, error: 'state unknown' }]);
    expect((await callback('{not json')).statusCode).toBe(400);
    expect((await callback({ eventId: 'e' })).statusCode).toBe(400);
    expect(await signing(c.userId)).toEqual([]);
    expect(readStaffingState(t.env.SIGN_SECRET, staffingState(t.env.SIGN_SECRET, 42))).toBe(42);
    expect(readStaffingState('another-sign-secret', staffingState(t.env.SIGN_SECRET, 42))).toBeNull();
  });
});

describe('the stand-in sign page (outside pro)', () => {
  it('signs through the signed callback for the state of the link', async () => {
    const c = await creator('staffing-stand-in');
    const view = await t.signedInject(contract.creator.flexibleStaffing, {}, { cookies: c.cookies });
    const state = new URL(view.body.data.signUrl ?? '', 'http://x').searchParams.get('state') ?? '';
    const signed = await t.signedInject(contract.creator.staffingStandInSign, { state });
    expect([signed.body.code, signed.body.data]).toEqual([SUCCESS, { signed: true }]);
    const [row] = await signing(c.userId);
    expect(row?.contractId).toMatch(/^stand-in-/);
    const forged = await t.signedInject(contract.creator.staffingStandInSign, { state: '1.nope' });
    expect(forged.body.data).toEqual({ signed: false });
  });

  it('answers 404 in production', async () => {
    const pro = await createTestApp({ APP_ENV: 'pro' });
    try {
      const res = await pro.signedInject(contract.creator.staffingStandInSign, { state: '1.x' });
      expect(res.status).toBe(404);
    } finally {
      await pro.close();
    }
  });
});

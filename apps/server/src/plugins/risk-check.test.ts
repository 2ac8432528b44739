import { contract } from '@h5/contract';
import { CAPTCHA_SESSION_HEADER, RISK_CHECK, RISK_CHECK_STATUS, SUCCESS } from '@h5/core';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captchaSessions, loginCodes, riskCounters, sessions } from '../db/schema';
import { findOrCreateUserByPhone } from '../domains/auth/users';
import { createTestApp, type TestApp, uniqueIp, uniquePhone } from '../test-utils';
import { hashToken } from './session';

const WRITE_LIMIT = 5;
const LOGIN_CODE_LIMIT = 3;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    TRUST_PROXY: 'true',
    RISK_WRITE_LIMIT: String(WRITE_LIMIT),
    RISK_LOGIN_CODE_LIMIT: String(LOGIN_CODE_LIMIT),
  });
});
afterAll(() => t.close());

const from = (ip: string) => ({ 'x-forwarded-for': ip });

/** A fresh user with `count` live sessions (each logout below is one write by that user). */
async function userWithSessions(count: number) {
  const user = await findOrCreateUserByPhone(t.db, uniquePhone());
  const cookies: Record<string, string>[] = [];
  for (let i = 0; i < count; i += 1) {
    const tokens = await t.app.deps.sessions.create(user.userId);
    cookies.push({ duToken: tokens.duToken, 'x-auth-token': tokens.xAuthToken });
  }
  return { user, cookies };
}

const logout = (cookies: Record<string, string>, headers: Record<string, string> = {}) =>
  t.signedInject(contract.auth.logout, {}, { cookies, headers: { ...from(uniqueIp()), ...headers } });

async function revokedCount(userId: number): Promise<number> {
  const rows = await t.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNotNull(sessions.revokedAt)));
  return rows.length;
}

/** Passes a captcha as the caller (same address / cookies) and returns the captcha session id. */
async function passCaptcha(options: { headers?: Record<string, string>; cookies?: Record<string, string> }) {
  const challenge = await t.signedInject(contract.auth.captchaChallenge, { scene: 'test' }, options);
  const { challengeId } = challenge.body.data;
  const dev = await t.signedInject(contract.auth.captchaDevAnswer, { challengeId });
  const verified = await t.signedInject(
    contract.auth.captchaVerify,
    { challengeId, answer: dev.body.data.answer },
    options,
  );
  expect(verified.body.data.resultCode).toBe(1);
  return verified.body.data.sessionId;
}

const sendCode = (ip: string, headers: Record<string, string> = {}, phone = uniquePhone()) =>
  t.signedInject(contract.auth.sendLoginCode, { phone }, { headers: { ...from(ip), ...headers } });

describe('risk check: writes per user', () => {
  it('lets exactly the limit through, then answers 485 before the handler runs', async () => {
    const { user, cookies } = await userWithSessions(WRITE_LIMIT + 1);
    // Reads are never counted.
    for (let i = 0; i < WRITE_LIMIT + 2; i += 1) {
      expect((await t.signedInject(contract.auth.me, {}, { cookies: cookies[0] })).body.code).toBe(SUCCESS);
    }
    for (let i = 0; i < WRITE_LIMIT; i += 1) {
      expect((await logout(cookies[i] as Record<string, string>)).body.code).toBe(SUCCESS);
    }
    const refused = await logout(cookies[WRITE_LIMIT] as Record<string, string>);
    expect(refused.status).toBe(RISK_CHECK_STATUS);
    expect(refused.body).toEqual({
      code: RISK_CHECK,
      msg: '请求过于频繁：请先完成验证，再重试',
      data: { captchaType: 'image', scene: 'auth.logout' },
    });
    // No write happened: the last session is still live.
    expect(await revokedCount(user.userId)).toBe(WRITE_LIMIT);
    const me = await t.signedInject(contract.auth.me, {}, { cookies: cookies[WRITE_LIMIT] });
    expect(me.body).toMatchObject({ code: SUCCESS, data: { userId: user.userId } });
  });

  it('counts per user, whatever the address', async () => {
    const a = await userWithSessions(WRITE_LIMIT + 1);
    const b = await userWithSessions(1);
    for (const cookies of a.cookies) await logout(cookies);
    expect(await revokedCount(a.user.userId)).toBe(WRITE_LIMIT);
    expect((await logout(b.cookies[0] as Record<string, string>)).body.code).toBe(SUCCESS);
  });

  it('counts concurrent writes exactly: 10 at once with a limit of 5, 5 succeed', async () => {
    const { user, cookies } = await userWithSessions(10);
    const results = await Promise.all(cookies.map((c) => logout(c)));
    expect(results.filter((r) => r.status === 200 && r.body.code === SUCCESS)).toHaveLength(WRITE_LIMIT);
    expect(results.filter((r) => r.status === RISK_CHECK_STATUS)).toHaveLength(10 - WRITE_LIMIT);
    expect(await revokedCount(user.userId)).toBe(WRITE_LIMIT);
  });

  it('restarts the window once it has passed', async () => {
    const { user, cookies } = await userWithSessions(WRITE_LIMIT + 1);
    for (let i = 0; i < WRITE_LIMIT; i += 1) await logout(cookies[i] as Record<string, string>);
    await t.db
      .update(riskCounters)
      .set({ windowStart: sql`now() - interval '61 seconds'` })
      .where(and(eq(riskCounters.rule, 'write'), eq(riskCounters.subject, `u:${user.userId}`)));
    expect((await logout(cookies[WRITE_LIMIT] as Record<string, string>)).body.code).toBe(SUCCESS);
  });

  it('lets a replay with the user’s captcha session through and restarts the count', async () => {
    const { user, cookies } = await userWithSessions(WRITE_LIMIT + 3);
    for (let i = 0; i < WRITE_LIMIT; i += 1) await logout(cookies[i] as Record<string, string>);
    const blocked = cookies[WRITE_LIMIT] as Record<string, string>;
    expect((await logout(blocked)).status).toBe(RISK_CHECK_STATUS);
    // Passed from another address, but as the same user: the subject is the user.
    const pass = await passCaptcha({ cookies: blocked, headers: from(uniqueIp()) });
    expect((await logout(blocked, { [CAPTCHA_SESSION_HEADER]: pass })).body.code).toBe(SUCCESS);
    // Not asked again at once: the count restarted.
    expect((await logout(cookies[WRITE_LIMIT + 1] as Record<string, string>)).body.code).toBe(SUCCESS);
    expect(await revokedCount(user.userId)).toBe(WRITE_LIMIT + 2);
  });
});

describe('risk check: login codes per address', () => {
  it('allows 3 codes per address, then 485 without issuing a code', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < LOGIN_CODE_LIMIT; i += 1) expect((await sendCode(ip)).body.code).toBe(SUCCESS);
    const phone = uniquePhone();
    const refused = await sendCode(ip, {}, phone);
    expect(refused.status).toBe(RISK_CHECK_STATUS);
    expect(refused.body.data).toEqual({ captchaType: 'image', scene: 'auth.sendLoginCode' });
    expect(await t.db.select().from(loginCodes).where(eq(loginCodes.phone, phone))).toHaveLength(0);
    // Another address is not affected.
    expect((await sendCode(uniqueIp())).body.code).toBe(SUCCESS);
  });

  it('does not count malformed calls (400) against the address', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < LOGIN_CODE_LIMIT + 2; i += 1) {
      const bad = await t.signedInject(contract.auth.sendLoginCode, { phone: '123' }, { headers: from(ip) });
      expect(bad.status).toBe(400);
    }
    expect((await sendCode(ip)).body.code).toBe(SUCCESS);
  });

  it('lets a replay with a captcha session through once, restarting the window', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < LOGIN_CODE_LIMIT; i += 1) await sendCode(ip);
    expect((await sendCode(ip)).status).toBe(RISK_CHECK_STATUS);
    const pass = await passCaptcha({ headers: from(ip) });
    const [stored] = await t.db
      .select()
      .from(captchaSessions)
      .where(eq(captchaSessions.tokenHash, hashToken(pass)));
    expect(stored).toMatchObject({ subject: `ip:${ip}`, scene: 'test', usedAt: null });

    expect((await sendCode(ip, { [CAPTCHA_SESSION_HEADER]: pass })).body.code).toBe(SUCCESS);
    // The replay counted as the first call of a new window: two more pass, then 485 again.
    expect((await sendCode(ip)).body.code).toBe(SUCCESS);
    expect((await sendCode(ip)).body.code).toBe(SUCCESS);
    expect((await sendCode(ip)).status).toBe(RISK_CHECK_STATUS);
    // The pass is spent.
    expect((await sendCode(ip, { [CAPTCHA_SESSION_HEADER]: pass })).status).toBe(RISK_CHECK_STATUS);
  });

  it('treats a foreign, unknown or expired captcha session as absent', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < LOGIN_CODE_LIMIT; i += 1) await sendCode(ip);
    const foreign = await passCaptcha({ headers: from(uniqueIp()) });
    expect((await sendCode(ip, { [CAPTCHA_SESSION_HEADER]: foreign })).status).toBe(RISK_CHECK_STATUS);
    expect((await sendCode(ip, { [CAPTCHA_SESSION_HEADER]: 'made-up' })).status).toBe(RISK_CHECK_STATUS);

    const expired = await passCaptcha({ headers: from(ip) });
    await t.db
      .update(captchaSessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(captchaSessions.tokenHash, hashToken(expired)));
    expect((await sendCode(ip, { [CAPTCHA_SESSION_HEADER]: expired })).status).toBe(RISK_CHECK_STATUS);
    // The foreign pass was not spent by the refused attempt: its owner can still use it.
    const [row] = await t.db
      .select({ usedAt: captchaSessions.usedAt })
      .from(captchaSessions)
      .where(inArray(captchaSessions.tokenHash, [hashToken(foreign)]));
    expect(row?.usedAt).toBeNull();
  });

  it('lets concurrent replays behind one captcha through (one redeems, the rest count afresh)', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < LOGIN_CODE_LIMIT; i += 1) await sendCode(ip);
    const pass = await passCaptcha({ headers: from(ip) });
    const replays = await Promise.all(
      Array.from({ length: LOGIN_CODE_LIMIT }, () => sendCode(ip, { [CAPTCHA_SESSION_HEADER]: pass })),
    );
    expect(replays.map((r) => r.body.code)).toEqual(Array(LOGIN_CODE_LIMIT).fill(SUCCESS));
  });
});

describe('risk check: a pass without a session id (the app native verify answers only {status: 200, code: 1})', () => {
  it('lets the caller’s next call through without the header, once, restarting the window', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < LOGIN_CODE_LIMIT; i += 1) await sendCode(ip);
    expect((await sendCode(ip)).status).toBe(485);
    const pass = await passCaptcha({ headers: from(ip) }); // the app verified; the page never sees the id
    expect((await sendCode(ip)).body.code).toBe(200);
    const [stored] = await t.db
      .select({ usedAt: captchaSessions.usedAt })
      .from(captchaSessions)
      .where(eq(captchaSessions.tokenHash, hashToken(pass)));
    expect(stored?.usedAt).not.toBeNull();
    // The replay was the first call of a new window: two more pass, then 485 (the pass is spent).
    expect((await sendCode(ip)).body.code).toBe(200);
    expect((await sendCode(ip)).body.code).toBe(200);
    expect((await sendCode(ip)).status).toBe(485);
  });

  it('does the same for a user, whatever the address', async () => {
    const { user, cookies } = await userWithSessions(WRITE_LIMIT + 2);
    for (let i = 0; i < WRITE_LIMIT; i += 1) await logout(cookies[i] as Record<string, string>);
    const blocked = cookies[WRITE_LIMIT] as Record<string, string>;
    expect((await logout(blocked)).status).toBe(485);
    await passCaptcha({ cookies: blocked, headers: from(uniqueIp()) });
    expect((await logout(blocked)).body.code).toBe(200);
    expect(await revokedCount(user.userId)).toBe(WRITE_LIMIT + 1);
  });

  it('never takes another caller’s pass, and a wrong header does not fall back to the caller’s pass', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < LOGIN_CODE_LIMIT; i += 1) await sendCode(ip);
    const foreign = await passCaptcha({ headers: from(uniqueIp()) });
    expect((await sendCode(ip)).status).toBe(485);
    await passCaptcha({ headers: from(ip) });
    expect((await sendCode(ip, { [CAPTCHA_SESSION_HEADER]: foreign })).status).toBe(485);
    expect((await sendCode(ip, { [CAPTCHA_SESSION_HEADER]: 'made-up' })).status).toBe(485);
    const [row] = await t.db
      .select({ usedAt: captchaSessions.usedAt })
      .from(captchaSessions)
      .where(eq(captchaSessions.tokenHash, hashToken(foreign)));
    expect(row?.usedAt).toBeNull();
    // The caller's own pass is still there for a call without a header.
    expect((await sendCode(ip)).body.code).toBe(200);
  });

  it('lets concurrent calls behind one pass through (one redeems, the rest count afresh)', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < LOGIN_CODE_LIMIT; i += 1) await sendCode(ip);
    await passCaptcha({ headers: from(ip) });
    const replays = await Promise.all(Array.from({ length: LOGIN_CODE_LIMIT }, () => sendCode(ip)));
    expect(replays.map((r) => r.body.code)).toEqual([200, 200, 200]);
  });
});

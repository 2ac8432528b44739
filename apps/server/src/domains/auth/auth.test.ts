import { contract } from '@h5/contract';
import { LOGIN_CODE_INVALID, LOGIN_CODE_TOO_FREQUENT, SUCCESS, TOKEN_EXPIRED, TOURIST } from '@h5/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmsStandIn, startSmsStandIn } from '../../../../../scripts/sms-stand-in.mjs';
import { loginCodes, sessions } from '../../db/schema';
import { hashToken } from '../../plugins/session';
import { createTestApp, type TestApp, uniquePhone } from '../../test-utils';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** send-code → outbox → verify: the cookies of a fresh session. */
async function logIn(phone = uniquePhone()) {
  const sent = await t.signedInject(contract.auth.sendLoginCode, { phone });
  expect(sent.body).toMatchObject({ code: SUCCESS, data: { expiresInSeconds: 300 } });
  const outbox = await t.signedInject(contract.auth.loginOutbox, { phone });
  const code = outbox.body.data.messages[0]?.code as string;
  expect(code).toMatch(/^\d{6}$/);
  const verified = await t.signedInject(contract.auth.login, { phone, code });
  expect(verified.body.code).toBe(SUCCESS);
  return { phone, code, verified, cookies: verified.cookies };
}

describe('web login', () => {
  it('logs in with the outbox code, sets both cookies, and me answers the user', async () => {
    const { phone, verified, cookies } = await logIn();
    const { user, duToken, xAuthToken } = verified.body.data;
    expect(duToken).toMatch(new RegExp(`^[\\w-]+\\|${user.userId}\\|\\d{13}$`));
    expect(cookies).toEqual({ duToken, 'x-auth-token': xAuthToken });
    const setCookie = String(verified.headers['set-cookie']);
    expect(setCookie).toMatch(/duToken=[^;]+; Max-Age=2592000; Path=\/; SameSite=Lax/);
    expect(user.userName).toBe(`用户${phone.slice(-4)}`);

    const me = await t.signedInject(contract.auth.me, {}, { cookies });
    expect(me.body).toMatchObject({ code: SUCCESS, data: user });
    // The x-auth-token header alone also identifies the session (the app sends it, spec §6).
    const byHeader = await t.signedInject(contract.auth.me, {}, { headers: { 'x-auth-token': xAuthToken } });
    expect(byHeader.body.data).toEqual(user);
  });

  it('logs the same phone into the same user again', async () => {
    const phone = uniquePhone();
    const first = await logIn(phone);
    // Step past the 60 s limit by ageing the first code.
    await t.db
      .update(loginCodes)
      .set({ createdAt: new Date(Date.now() - 61_000) })
      .where(eq(loginCodes.phone, phone));
    const second = await logIn(phone);
    expect(second.verified.body.data.user).toEqual(first.verified.body.data.user);
    expect(second.cookies.duToken).not.toBe(first.cookies.duToken);
  });

  it('refuses a wrong code and a reused code with LOGIN_CODE_INVALID', async () => {
    const { phone, code } = await logIn();
    const reused = await t.signedInject(contract.auth.login, { phone, code });
    expect(reused.body).toEqual({
      code: LOGIN_CODE_INVALID,
      msg: '验证码错误或已过期，请重新获取验证码',
      data: null,
    });
    const wrong = await t.signedInject(contract.auth.login, { phone: uniquePhone(), code: '000000' });
    expect(wrong.body.code).toBe(LOGIN_CODE_INVALID);
    expect(wrong.status).toBe(200);
  });

  it('rate-limits codes to one per phone per 60 s', async () => {
    const phone = uniquePhone();
    expect((await t.signedInject(contract.auth.sendLoginCode, { phone })).body.code).toBe(SUCCESS);
    const again = await t.signedInject(contract.auth.sendLoginCode, { phone });
    expect(again.body).toEqual({
      code: LOGIN_CODE_TOO_FREQUENT,
      msg: '验证码发送太频繁，请 60 秒后再试',
      data: null,
    });
  });

  it('names the bad field of a malformed phone', async () => {
    const res = await t.signedInject(contract.auth.sendLoginCode, { phone: '12345' });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('phone: phone must be 11 digits starting with 1');
  });
});

describe('sessions', () => {
  it('answers a login-only call without a session with 7999', async () => {
    const res = await t.signedInject(contract.auth.me, {});
    expect(res.body).toMatchObject({ code: TOURIST, msg: '请先登录', data: null });
  });

  it('answers 700 for an expired session', async () => {
    const { cookies } = await logIn();
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.duTokenHash, hashToken(cookies.duToken as string)));
    const res = await t.signedInject(contract.auth.me, {}, { cookies });
    expect(res.body).toMatchObject({ code: TOKEN_EXPIRED, msg: '登录已过期，请重新登录' });
    // A 'common' call still works for the stale visitor.
    const feed = await t.signedInject(contract.content.moreRecommend, { limit: 1 }, { cookies });
    expect(feed.body.code).toBe(SUCCESS);
  });

  it('revokes the session on logout (then 700) and clears the cookies', async () => {
    const { cookies } = await logIn();
    const out = await t.signedInject(contract.auth.logout, {}, { cookies });
    expect(out.body).toMatchObject({ code: SUCCESS, data: {} });
    expect(String(out.headers['set-cookie'])).toMatch(/duToken=;/);
    const res = await t.signedInject(contract.auth.me, {}, { cookies });
    expect(res.body.code).toBe(TOKEN_EXPIRED);
  });

  it('answers 700 for an unknown token', async () => {
    const res = await t.signedInject(
      contract.auth.me,
      {},
      { cookies: { duToken: 'forged|1|1700000000000' } },
    );
    expect(res.body.code).toBe(TOKEN_EXPIRED);
  });
});

describe('production', () => {
  let pro: TestApp;
  let sms: SmsStandIn;
  beforeAll(async () => {
    sms = await startSmsStandIn();
    pro = await createTestApp({ APP_ENV: 'pro', ALIYUN_SMS_ENDPOINT: sms.url });
  });
  afterAll(async () => {
    await pro.close();
    await sms.stop();
  });

  it('texts codes through the provider, keeps them out of the outbox, which answers 404', async () => {
    const phone = uniquePhone();
    expect((await pro.signedInject(contract.auth.sendLoginCode, { phone })).body.code).toBe(SUCCESS);
    expect(sms.codes(phone)).toHaveLength(1);
    const outbox = await pro.signedInject(contract.auth.loginOutbox, { phone });
    expect(outbox.status).toBe(404);
    expect(outbox.body.code).toBe(404);
  });
});

describe('login cookies on a shared domain (COOKIE_DOMAIN)', () => {
  let shared: TestApp;
  beforeAll(async () => {
    shared = await createTestApp({ COOKIE_DOMAIN: '.community-h5.test' });
  });
  afterAll(() => shared.close());

  it('sets and clears both cookies on the configured parent domain', async () => {
    const phone = uniquePhone();
    await shared.signedInject(contract.auth.sendLoginCode, { phone });
    const outbox = await shared.signedInject(contract.auth.loginOutbox, { phone });
    const code = outbox.body.data.messages[0]?.code as string;
    const verified = await shared.signedInject(contract.auth.login, { phone, code });
    const set = [verified.headers['set-cookie']].flat().map(String);
    expect(set).toHaveLength(2);
    for (const cookie of set) expect(cookie).toContain('Domain=.community-h5.test');
    const out = await shared.signedInject(contract.auth.logout, {}, { cookies: verified.cookies });
    for (const cookie of [out.headers['set-cookie']].flat().map(String)) {
      expect(cookie).toContain('Domain=.community-h5.test');
    }
  });
});

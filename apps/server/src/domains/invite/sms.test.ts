import { contract } from '@h5/contract';
import {
  CAPTCHA_SESSION_HEADER,
  INVITE_SMS_CODE_ATTEMPTS_EXCEEDED,
  INVITE_SMS_CODE_EXPIRED,
  INVITE_SMS_CODE_MISSING,
  INVITE_SMS_CODE_WRONG,
  INVITE_SMS_IP_DAILY_LIMIT,
  INVITE_SMS_PHONE_DAILY_LIMIT,
  INVITE_SMS_TOO_FREQUENT,
  RISK_CHECK,
  RISK_CHECK_STATUS,
  SUCCESS,
} from '@h5/core';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginCodes, smsOutbox } from '../../db/schema';
import { createTestApp, type TestApp, uniqueIp, uniquePhone } from '../../test-utils';
import { ageSmsInterval, outboxCode } from './invite-test-kit';

const PER_PHONE = 3;
const PER_IP = 5;
const RISK_LIMIT = 8;
const MAX_ATTEMPTS = 5;

let t: TestApp;
/** Limits lifted but the code's tries, for the invite-auth cases. */
let lifted: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    TRUST_PROXY: 'true',
    INVITE_SMS_DAILY_PER_PHONE: String(PER_PHONE),
    INVITE_SMS_DAILY_PER_IP: String(PER_IP),
    RISK_LOGIN_CODE_LIMIT: String(RISK_LIMIT),
  });
  lifted = await createTestApp({ LOGIN_CODE_MAX_ATTEMPTS: String(MAX_ATTEMPTS) });
});
afterAll(async () => {
  await t.close();
  await lifted.close();
});

const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
const send = (phone: string, ip = uniqueIp(), headers: Record<string, string> = {}) =>
  t.signedInject(contract.invite.sendCaptcha, { phone }, { headers: { 'x-forwarded-for': ip, ...headers } });

describe('send-captcha', () => {
  it('texts a code through the outbox; a second within 60 s is refused, concurrent ones too', async () => {
    const phone = uniquePhone();
    const answers = await Promise.all(Array.from({ length: 5 }, () => send(phone)));
    expect(answers.filter((a) => a.body.code === SUCCESS)).toHaveLength(1);
    const refused = answers.filter((a) => a.body.code !== SUCCESS);
    expect(refused.map((a) => a.body)).toEqual(
      Array(4).fill({ code: INVITE_SMS_TOO_FREQUENT, msg: '验证码发送太频繁，请 60 秒后再试', data: null }),
    );
    expect(answers.find((a) => a.body.code === SUCCESS)?.body.data).toEqual({
      expiresInSeconds: 300,
      resendInSeconds: 60,
    });
    const texts = await t.db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone));
    expect(texts).toHaveLength(1);
    expect(await outboxCode(t, phone)).toBe(texts[0]?.code);
  });

  it('a web login code of the last minute counts as the number’s code of the minute', async () => {
    const phone = uniquePhone();
    expect((await t.signedInject(contract.auth.sendLoginCode, { phone }, from(uniqueIp()))).body.code).toBe(
      SUCCESS,
    );
    expect((await send(phone)).body.code).toBe(INVITE_SMS_TOO_FREQUENT);
  });

  it(`caps a number at ${PER_PHONE} codes a day, whatever the address`, async () => {
    const phone = uniquePhone();
    for (let i = 0; i < PER_PHONE; i += 1) {
      expect((await send(phone)).body.code).toBe(SUCCESS);
      await ageSmsInterval(t, phone);
    }
    const refused = await send(phone);
    expect(refused.body.code).toBe(INVITE_SMS_PHONE_DAILY_LIMIT);
    expect(refused.body.msg).toMatch(/^该手机号获取验证码次数已达上限，请 (24 小时|23 小时)后再试$/);
    const texts = await t.db.select().from(loginCodes).where(eq(loginCodes.phone, phone));
    expect(texts).toHaveLength(PER_PHONE);
  });

  it(`caps an address at ${PER_IP} codes a day, whatever the numbers`, async () => {
    const ip = uniqueIp();
    for (let i = 0; i < PER_IP; i += 1) expect((await send(uniquePhone(), ip)).body.code).toBe(SUCCESS);
    const refused = await send(uniquePhone(), ip);
    expect(refused.body.code).toBe(INVITE_SMS_IP_DAILY_LIMIT);
    expect(refused.body.msg).toMatch(/^当前网络获取验证码次数已达上限，请 \d+ 小时后再试$/);
    expect((await send(uniquePhone(), uniqueIp())).body.code).toBe(SUCCESS);
  });

  it('past the risk limit of an address it asks for a captcha (485); a passed captcha lets one through', async () => {
    const ip = uniqueIp();
    // The risk counter runs before the daily cap: refused sends count too.
    let answer = await send(uniquePhone(), ip);
    for (let i = 1; i < RISK_LIMIT; i += 1) answer = await send(uniquePhone(), ip);
    expect(answer.status).toBe(200);
    const refused = await send(uniquePhone(), ip);
    expect(refused.status).toBe(RISK_CHECK_STATUS);
    expect(refused.body).toEqual({
      code: RISK_CHECK,
      msg: '请求过于频繁：请先完成验证，再重试',
      data: { captchaType: 'image', scene: 'invite.sendCaptcha' },
    });
    const challenge = await t.signedInject(
      contract.auth.captchaChallenge,
      { scene: 'invite.sendCaptcha' },
      from(ip),
    );
    const { challengeId } = challenge.body.data;
    const dev = await t.signedInject(contract.auth.captchaDevAnswer, { challengeId });
    const verified = await t.signedInject(
      contract.auth.captchaVerify,
      { challengeId, answer: dev.body.data.answer },
      from(ip),
    );
    expect(verified.body.data.resultCode).toBe(1);
    const replay = await send(uniquePhone(), ip, { [CAPTCHA_SESSION_HEADER]: verified.body.data.sessionId });
    expect(replay.status).toBe(200);
    // Past the risk check, the address's daily cap still holds.
    expect(replay.body.code).toBe(INVITE_SMS_IP_DAILY_LIMIT);
  });

  it('refuses a malformed number naming the field', async () => {
    const bad = await send('12345');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/^phone: /);
  });
});

describe('invite-auth', () => {
  const sendOn = async (phone: string) => {
    expect((await lifted.signedInject(contract.invite.sendCaptcha, { phone })).body.code).toBe(SUCCESS);
    return outboxCode(lifted, phone);
  };
  const auth = (phone: string, smsCode: string) =>
    lifted.signedInject(contract.invite.inviteAuth, { phone, smsCode });
  const wrongFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('a right code answers a proof of the number, once; the code is then used up', async () => {
    const phone = uniquePhone();
    const smsCode = await sendOn(phone);
    const passed = await auth(phone, smsCode);
    expect(passed.body.code).toBe(SUCCESS);
    expect(passed.body.data).toEqual({
      authToken: expect.any(String),
      expiresInSeconds: 600,
      registered: false,
    });
    expect((await auth(phone, smsCode)).body).toEqual({
      code: INVITE_SMS_CODE_EXPIRED,
      msg: '验证码已失效，请重新获取验证码',
      data: null,
    });
  });

  it('wrong, expired, too many tries and never sent: each its own code and message', async () => {
    const never = await auth(uniquePhone(), '123456');
    expect(never.body).toEqual({ code: INVITE_SMS_CODE_MISSING, msg: '请先获取验证码', data: null });

    const phone = uniquePhone();
    const smsCode = await sendOn(phone);
    for (let left = MAX_ATTEMPTS - 1; left >= 1; left -= 1) {
      expect((await auth(phone, wrongFor(smsCode))).body).toEqual({
        code: INVITE_SMS_CODE_WRONG,
        msg: `验证码错误，还可尝试 ${left} 次`,
        data: null,
      });
    }
    const last = await auth(phone, wrongFor(smsCode));
    expect(last.body).toEqual({
      code: INVITE_SMS_CODE_ATTEMPTS_EXCEEDED,
      msg: '验证码错误次数过多，已失效，请重新获取验证码',
      data: null,
    });
    // Dead even for the right answer.
    expect((await auth(phone, smsCode)).body.code).toBe(INVITE_SMS_CODE_ATTEMPTS_EXCEEDED);

    const late = uniquePhone();
    const lateCode = await sendOn(late);
    await lifted.db
      .update(loginCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(loginCodes.phone, late));
    expect((await auth(late, lateCode)).body.code).toBe(INVITE_SMS_CODE_EXPIRED);
  });

  it('concurrent guesses of one code: one proof at most, never more judged than the tries', async () => {
    const phone = uniquePhone();
    const smsCode = await sendOn(phone);
    const answers = await Promise.all(Array.from({ length: 10 }, () => auth(phone, smsCode)));
    expect(answers.filter((a) => a.body.code === SUCCESS)).toHaveLength(1);
    expect(answers.filter((a) => a.body.code === INVITE_SMS_CODE_EXPIRED)).toHaveLength(9);
  });

  it('refuses a malformed code naming the field', async () => {
    const bad = await auth(uniquePhone(), '12ab');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/^smsCode: /);
  });
});

import { contract } from '@h5/contract';
import {
  INVITE_SMS_DELIVERY_FAILED,
  INVITE_SMS_PHONE_DAILY_LIMIT,
  INVITE_SMS_TOO_FREQUENT,
  LOGIN_CODE_DELIVERY_FAILED,
  LOGIN_CODE_INVALID,
  SUCCESS,
} from '@h5/core';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmsStandIn, startSmsStandIn } from '../../../../scripts/sms-stand-in.mjs';
import { PRO_TEST_SETTINGS } from '../../../../scripts/start-server.mjs';
import { loginCodes, smsDeliveries, smsOutbox } from '../db/schema';
import { ageSmsInterval } from '../domains/invite/invite-test-kit';
import { createTestApp, type TestApp, uniqueIp, uniquePhone } from '../test-utils';

const PER_PHONE = 3;

let standIn: SmsStandIn;
let t: TestApp;
beforeAll(async () => {
  standIn = await startSmsStandIn();
  t = await createTestApp({
    APP_ENV: 'pro',
    ...PRO_TEST_SETTINGS,
    ALIYUN_SMS_ENDPOINT: standIn.url,
    TRUST_PROXY: 'true',
    INVITE_SMS_DAILY_PER_PHONE: String(PER_PHONE),
  });
});
afterAll(async () => {
  await t.close();
  await standIn.stop();
});

const send = (phone: string, ip = uniqueIp()) =>
  t.signedInject(contract.invite.sendCaptcha, { phone }, { headers: { 'x-forwarded-for': ip } });
const deliveries = (phone: string) =>
  t.db
    .select({
      purpose: smsDeliveries.purpose,
      driver: smsDeliveries.driver,
      status: smsDeliveries.status,
      errorCode: smsDeliveries.errorCode,
      providerId: smsDeliveries.providerId,
    })
    .from(smsDeliveries)
    .where(eq(smsDeliveries.phone, phone))
    .orderBy(desc(smsDeliveries.id));

describe('invitation codes through Aliyun (issue 31 point 2)', () => {
  it('delivers the code to the phone through the provider, records it, and the code signs in', async () => {
    const phone = uniquePhone();
    expect((await send(phone)).body.code).toBe(SUCCESS);
    const [code] = standIn.codes(phone);
    expect(code).toMatch(/^\d{6}$/);
    expect(await t.db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone))).toEqual([]);
    const [delivery] = await deliveries(phone);
    expect(delivery).toEqual({
      purpose: 'invite',
      driver: 'aliyun',
      status: 'ok',
      errorCode: null,
      providerId: standIn.delivered.find((m) => m.phone === phone)?.bizId,
    });
    const auth = await t.signedInject(contract.invite.inviteAuth, { phone, smsCode: code as string });
    expect(auth.body.code).toBe(SUCCESS);
  });

  it('a refused delivery answers 4916 in Chinese, leaves no usable code and spends no quota', async () => {
    const phone = uniquePhone();
    standIn.fail('limit', 1);
    const failed = await send(phone);
    expect(failed.body).toEqual({
      code: INVITE_SMS_DELIVERY_FAILED,
      msg: '短信发送失败，请稍后重试',
      data: null,
    });
    expect(await t.db.select().from(loginCodes).where(eq(loginCodes.phone, phone))).toEqual([]);
    expect((await deliveries(phone))[0]).toMatchObject({
      status: 'failed',
      errorCode: 'isv.BUSINESS_LIMIT_CONTROL',
    });
    const guess = await t.signedInject(contract.invite.inviteAuth, { phone, smsCode: '000000' });
    expect(guess.body.code).not.toBe(SUCCESS);
    // Neither the minute nor the day was spent: at once, then the whole daily quota.
    for (let i = 0; i < PER_PHONE; i += 1) {
      expect((await send(phone)).body.code).toBe(SUCCESS);
      await ageSmsInterval(t, phone);
    }
    expect((await send(phone)).body.code).toBe(INVITE_SMS_PHONE_DAILY_LIMIT);
    expect(standIn.codes(phone)).toHaveLength(PER_PHONE);
  });

  it('concurrent sends while the provider fails: each is refused, none delivers, all are given back', async () => {
    const phone = uniquePhone();
    standIn.fail('http500', 5);
    const answers = await Promise.all(Array.from({ length: 4 }, () => send(phone)));
    const codes = answers.map((a) => a.body.code);
    // The minute's send reaches the provider and fails; the others wait on it (4903). A failure
    // gives its minute back at once, so a send arriving after that reaches the provider too
    // (PostgreSQL's timing decides how many): never a delivered code, never a spent quota.
    expect(
      codes.every((code) => code === INVITE_SMS_TOO_FREQUENT || code === INVITE_SMS_DELIVERY_FAILED),
    ).toBe(true);
    expect(codes).toContain(INVITE_SMS_DELIVERY_FAILED);
    standIn.fail('limit', 0);
    for (let i = 0; i < PER_PHONE; i += 1) {
      expect((await send(phone)).body.code).toBe(SUCCESS);
      await ageSmsInterval(t, phone);
    }
  });
});

describe('web login codes through Aliyun', () => {
  it('a failed delivery answers 4024, the code is not usable and a resend works at once', async () => {
    const phone = uniquePhone();
    standIn.fail('limit', 1);
    const failed = await t.signedInject(contract.auth.sendLoginCode, { phone });
    expect(failed.body).toEqual({
      code: LOGIN_CODE_DELIVERY_FAILED,
      msg: '短信发送失败，请稍后重试',
      data: null,
    });
    expect((await t.signedInject(contract.auth.login, { phone, code: '000000' })).body.code).toBe(
      LOGIN_CODE_INVALID,
    );
    expect((await t.signedInject(contract.auth.sendLoginCode, { phone })).body.code).toBe(SUCCESS);
    const [code] = standIn.codes(phone);
    const login = await t.signedInject(contract.auth.login, { phone, code: code as string });
    expect(login.body.code).toBe(SUCCESS);
    expect((await deliveries(phone)).map((d) => [d.purpose, d.status])).toEqual([
      ['login', 'ok'],
      ['login', 'failed'],
    ]);
  });
});

import { contract } from '@h5/contract';
import { LOGIN_CODE_ATTEMPTS_EXCEEDED, LOGIN_CODE_INVALID, SUCCESS, TOO_MANY_REQUESTS } from '@h5/core';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginCodes, riskCounters } from '../../db/schema';
import { createTestApp, type TestApp, uniqueIp, uniquePhone } from '../../test-utils';

/** Issue 11 point 8: a login code cannot be brute-forced. */

const DEAD = '验证码错误次数过多，已失效，请重新获取验证码';
const TOO_MANY = '登录尝试过于频繁，请 15 分钟后再试';

let t: TestApp;
/** Only the per-code budget applies here (per-phone and per-IP limits out of reach). */
let perCode: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    TRUST_PROXY: 'true',
    LOGIN_CODE_MAX_ATTEMPTS: '5',
    RATE_LOGIN_VERIFY_PER_PHONE: '10',
    RATE_LOGIN_VERIFY_PER_IP: '30',
    RATE_LOGIN_VERIFY_WINDOW_SECONDS: '900',
  });
  perCode = await createTestApp({ TRUST_PROXY: 'true', LOGIN_CODE_MAX_ATTEMPTS: '5' });
});
afterAll(async () => {
  await t.close();
  await perCode.close();
});

/** Sends a code to `phone` and reads it from the development outbox. */
async function sendCode(app: TestApp, phone: string): Promise<string> {
  const sent = await app.signedInject(contract.auth.sendLoginCode, { phone });
  expect(sent.body.code).toBe(SUCCESS);
  const outbox = await app.signedInject(contract.auth.loginOutbox, { phone });
  return outbox.body.data.messages[0]?.code as string;
}

/** Lets another code be sent at once (the 60 s resend interval) by ageing the phone's codes. */
const ageCodes = (app: TestApp, phone: string) =>
  app.db
    .update(loginCodes)
    .set({ createdAt: sql`now() - interval '61 seconds'` })
    .where(eq(loginCodes.phone, phone));

const guess = (app: TestApp, phone: string, code: string, ip = uniqueIp()) =>
  app.signedInject(contract.auth.login, { phone, code }, { headers: { 'x-forwarded-for': ip } });

/** A six-digit code that is not `code`. */
const wrongFor = (code: string, i: number): string => {
  const candidate = String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
  return candidate;
};

const tally = (answers: { status: number; body: { code: number; msg: string } }[]) => {
  const counts: Record<string, number> = {};
  for (const { status, body } of answers) {
    const key = `${status} ${body.code} ${body.msg}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
};

describe('login code attempts per code', () => {
  it('judges 5 of 50 parallel wrong guesses; then the code is dead, even for the right answer', async () => {
    const phone = uniquePhone();
    const code = await sendCode(perCode, phone);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => guess(perCode, phone, wrongFor(code, i))),
    );
    expect(tally(answers)).toEqual({
      '200 4021 验证码错误，还可尝试 4 次': 1,
      '200 4021 验证码错误，还可尝试 3 次': 1,
      '200 4021 验证码错误，还可尝试 2 次': 1,
      '200 4021 验证码错误，还可尝试 1 次': 1,
      [`200 4023 ${DEAD}`]: 46,
    });
    const right = await guess(perCode, phone, code);
    expect(right.status).toBe(200);
    expect(right.body).toEqual({ code: LOGIN_CODE_ATTEMPTS_EXCEEDED, msg: DEAD, data: null });

    // A new code works.
    await ageCodes(perCode, phone);
    const fresh = await sendCode(perCode, phone);
    expect((await guess(perCode, phone, fresh)).body.code).toBe(SUCCESS);
  });

  it('the fifth wrong guess kills the code; the right code on the fourth try still logs in', async () => {
    const phone = uniquePhone();
    const code = await sendCode(perCode, phone);
    for (let i = 0; i < 3; i += 1) await guess(perCode, phone, wrongFor(code, i));
    expect((await guess(perCode, phone, code)).body.code).toBe(SUCCESS);

    const other = uniquePhone();
    const otherCode = await sendCode(perCode, other);
    for (let i = 0; i < 4; i += 1) await guess(perCode, other, wrongFor(otherCode, i));
    expect((await guess(perCode, other, wrongFor(otherCode, 9))).body).toEqual({
      code: LOGIN_CODE_ATTEMPTS_EXCEEDED,
      msg: DEAD,
      data: null,
    });
    expect((await guess(perCode, other, otherCode)).body.code).toBe(LOGIN_CODE_ATTEMPTS_EXCEEDED);
  });

  it('a new code revokes the older ones', async () => {
    const phone = uniquePhone();
    await sendCode(perCode, phone);
    // The first code, made distinct from whatever the second will be.
    await perCode.db.update(loginCodes).set({ code: '111111' }).where(eq(loginCodes.phone, phone));
    await ageCodes(perCode, phone);
    let second = await sendCode(perCode, phone);
    if (second === '111111') {
      await perCode.db
        .update(loginCodes)
        .set({ code: '222222' })
        .where(and(eq(loginCodes.phone, phone), eq(loginCodes.code, '111111'), sql`used_at is null`));
      second = '222222';
    }
    const old = await guess(perCode, phone, '111111');
    expect(old.body).toEqual({ code: LOGIN_CODE_INVALID, msg: '验证码错误，还可尝试 4 次', data: null });
    expect((await guess(perCode, phone, second)).body.code).toBe(SUCCESS);
  });

  it('a phone without a live code gets the plain refusal', async () => {
    const res = await guess(perCode, uniquePhone(), '000000');
    expect(res.body).toEqual({
      code: LOGIN_CODE_INVALID,
      msg: '验证码错误或已过期，请重新获取验证码',
      data: null,
    });
  });
});

describe('login attempts per phone and per address', () => {
  it('the issue’s attack: of 300 fast wrong guesses 10 are judged, the rest answer 429, and the right code fails', async () => {
    const phone = uniquePhone();
    const ip = uniqueIp();
    const code = await sendCode(t, phone);
    const answers = [];
    for (let wave = 0; wave < 6; wave += 1) {
      answers.push(
        ...(await Promise.all(
          Array.from({ length: 50 }, (_, i) => guess(t, phone, wrongFor(code, wave * 50 + i), ip)),
        )),
      );
    }
    expect(tally(answers)).toEqual({
      '200 4021 验证码错误，还可尝试 4 次': 1,
      '200 4021 验证码错误，还可尝试 3 次': 1,
      '200 4021 验证码错误，还可尝试 2 次': 1,
      '200 4021 验证码错误，还可尝试 1 次': 1,
      [`200 4023 ${DEAD}`]: 6,
      [`429 429 ${TOO_MANY}`]: 290,
    });
    const right = await guess(t, phone, code, ip);
    expect(right.status).toBe(429);
    expect(right.body).toEqual({ code: TOO_MANY_REQUESTS, msg: TOO_MANY, data: null });
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(890);
    expect(Number(right.headers['retry-after'])).toBeLessThanOrEqual(900);
  });

  it('limits guesses per phone across codes and addresses, until the window (database clock) ends', async () => {
    const phone = uniquePhone();
    for (let round = 0; round < 2; round += 1) {
      const code = await sendCode(t, phone);
      for (let i = 0; i < 5; i += 1) await guess(t, phone, wrongFor(code, i));
      await ageCodes(t, phone);
    }
    const code = await sendCode(t, phone);
    const blocked = await guess(t, phone, code);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ code: TOO_MANY_REQUESTS, msg: TOO_MANY, data: null });

    await t.db
      .update(riskCounters)
      .set({ windowStart: sql`now() - interval '901 seconds'` })
      .where(eq(riskCounters.subject, `phone:${phone}`));
    expect((await guess(t, phone, code)).body.code).toBe(SUCCESS);
  });

  it('limits guesses per address across phones', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 30; i += 1) {
      const res = await guess(t, uniquePhone(), '000000', ip);
      expect(res.body.code).toBe(LOGIN_CODE_INVALID);
    }
    const phone = uniquePhone();
    const code = await sendCode(t, phone);
    const blocked = await guess(t, phone, code, ip);
    expect(blocked.status).toBe(429);
    expect(blocked.body.msg).toBe(TOO_MANY);
    expect((await guess(t, phone, code)).body.code).toBe(SUCCESS);
  });

  it('the counters are shared by every server process on the database', async () => {
    const other = await createTestApp({
      TRUST_PROXY: 'true',
      RATE_LOGIN_VERIFY_PER_PHONE: '10',
      RATE_LOGIN_VERIFY_PER_IP: '30',
    });
    try {
      const phone = uniquePhone();
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) => guess(i % 2 ? t : other, phone, '000000')),
      );
      expect(answers.filter((a) => a.status === 429)).toHaveLength(30);
      const [counter] = await t.db
        .select({ hits: riskCounters.hits })
        .from(riskCounters)
        .where(and(like(riskCounters.rule, 'login-verify%'), eq(riskCounters.subject, `phone:${phone}`)));
      expect(counter?.hits).toBe(40);
    } finally {
      await other.close();
    }
  });
});

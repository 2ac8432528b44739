import { contract } from '@h5/contract';
import { NOT_FOUND, SUCCESS, TOO_MANY_REQUESTS } from '@h5/core';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captchaChallenges, captchaSessions } from '../../db/schema';
import { hashToken } from '../../plugins/session';
import { createTestApp, type TestApp, uniqueIp, uniquePhone } from '../../test-utils';
import { CAPTCHA_ALPHABET } from './captcha-glyphs';
import { renderCaptchaImage } from './captcha-image';
import { findOrCreateUserByPhone } from './users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function challenge(scene?: string) {
  const res = await t.signedInject(contract.auth.captchaChallenge, scene ? { scene } : {});
  expect(res.body.code).toBe(SUCCESS);
  const { challengeId } = res.body.data;
  const dev = await t.signedInject(contract.auth.captchaDevAnswer, { challengeId });
  return { ...res.body.data, answer: dev.body.data.answer };
}

const verify = (challengeId: string, answer: string, cookies?: Record<string, string>) =>
  t.signedInject(contract.auth.captchaVerify, { challengeId, answer }, cookies ? { cookies } : {});

describe('captcha challenge', () => {
  it('draws 4–5 unambiguous characters, stored hashed for 120 s', async () => {
    const c = await challenge('auth.sendLoginCode');
    expect(c.answer).toMatch(new RegExp(`^[${CAPTCHA_ALPHABET}]{4,5}$`));
    expect(c.answerLength).toBe(c.answer.length);
    expect(c.expiresInSeconds).toBe(120);

    const [row] = await t.db.select().from(captchaChallenges).where(eq(captchaChallenges.id, c.challengeId));
    expect(row?.answerHash).toBe(hashToken(`${c.challengeId}:${c.answer}`));
    expect(row?.scene).toBe('auth.sendLoginCode');
    const ttl = ((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)) / 1000;
    expect(ttl).toBeCloseTo(120, 0);
  });

  it('serves a PNG raster: no markup, no path data or text to read the answer from (issue 11 point 10)', async () => {
    const c = await challenge();
    expect(c.image).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
    const bytes = Buffer.from(c.image.slice('data:image/png;base64,'.length), 'base64');
    expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    // The old attack read each character's stroke path out of the SVG markup.
    for (const payload of [c.image, bytes.toString('latin1')]) {
      expect(payload.match(/<path[^>]*\sd="[^"]+"/g)).toBeNull();
      expect(payload).not.toMatch(/<svg|<path|<text|<tspan/i);
      expect(payload).not.toContain(c.answer);
    }
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'png', height: 100 });
    expect(meta.width).toBe(c.answer.length === 4 ? 304 : 368);
    // Ink on a light ground: something to read.
    const { channels } = await sharp(bytes).stats();
    expect(channels[0]?.min).toBeLessThan(110);
    expect(channels[0]?.max).toBeGreaterThan(200);
  });

  it('draws a different challenge each time', async () => {
    const [a, b] = await Promise.all([challenge(), challenge()]);
    expect(a?.challengeId).not.toBe(b?.challengeId);
    expect(a?.image).not.toBe(b?.image);
  });

  it('renders the same answer differently every time', async () => {
    const [a, b] = await Promise.all([renderCaptchaImage('AE3K'), renderCaptchaImage('AE3K')]);
    expect(a).not.toBe(b);
    const pixels = (image: string) =>
      sharp(Buffer.from(image.split(',')[1] as string, 'base64'))
        .raw()
        .toBuffer();
    const [pa, pb] = await Promise.all([pixels(a), pixels(b)]);
    expect(pa.length).toBe(pb.length);
    let differing = 0;
    for (let i = 0; i < pa.length; i += 1)
      if (Math.abs((pa[i] as number) - (pb[i] as number)) > 32) differing += 1;
    expect(differing / pa.length).toBeGreaterThan(0.05);
  });
});

describe('captcha limits per address (issue 11 point 10)', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({
      TRUST_PROXY: 'true',
      RATE_CAPTCHA_PER_IP: '3',
      RATE_CAPTCHA_WINDOW_SECONDS: '600',
    });
  });
  afterAll(() => limited.close());

  const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });

  it('answers the fourth challenge of an address in the window with 429', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 3; i += 1) {
      expect((await limited.signedInject(contract.auth.captchaChallenge, {}, from(ip))).body.code).toBe(
        SUCCESS,
      );
    }
    const refused = await limited.signedInject(contract.auth.captchaChallenge, {}, from(ip));
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      code: TOO_MANY_REQUESTS,
      msg: '验证码请求过于频繁，请 10 分钟后再试',
      data: null,
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(590);
    // Another address is not affected.
    expect((await limited.signedInject(contract.auth.captchaChallenge, {}, from(uniqueIp()))).body.code).toBe(
      SUCCESS,
    );
  });

  it('answers the fourth verify of an address in the window with 429; each challenge takes one answer', async () => {
    const ip = uniqueIp();
    const issued = await limited.signedInject(contract.auth.captchaChallenge, {}, from(ip));
    const { challengeId } = issued.body.data;
    for (let i = 0; i < 3; i += 1) {
      const res = await limited.signedInject(
        contract.auth.captchaVerify,
        { challengeId, answer: 'ZZZZ' },
        from(ip),
      );
      expect(res.body.data).toEqual({ resultCode: 0, sessionId: '' });
    }
    const refused = await limited.signedInject(
      contract.auth.captchaVerify,
      { challengeId, answer: 'ZZZZ' },
      from(ip),
    );
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      code: TOO_MANY_REQUESTS,
      msg: '验证码请求过于频繁，请 10 分钟后再试',
      data: null,
    });
  });
});

describe('captcha verify', () => {
  it('fails a wrong answer with resultCode 0 and consumes the challenge', async () => {
    const c = await challenge();
    const wrong = await verify(c.challengeId, 'ZZZZ');
    expect(wrong.body).toMatchObject({ code: SUCCESS, data: { resultCode: 0, sessionId: '' } });
    // The right answer is too late now: the challenge was used.
    expect((await verify(c.challengeId, c.answer)).body.data).toEqual({ resultCode: 0, sessionId: '' });
  });

  it('passes the right answer in any case, once, and stores the session hashed for the caller', async () => {
    const c = await challenge('auth.logout');
    const passed = await verify(c.challengeId, ` ${c.answer.toLowerCase()} `);
    expect(passed.body.data.resultCode).toBe(1);
    const { sessionId } = passed.body.data;
    expect(sessionId).toMatch(/^[\w-]{32}$/);
    const [stored] = await t.db
      .select()
      .from(captchaSessions)
      .where(eq(captchaSessions.tokenHash, hashToken(sessionId)));
    expect(stored).toMatchObject({ subject: 'ip:127.0.0.1', scene: 'auth.logout', usedAt: null });
    const ttl = ((stored?.expiresAt.getTime() ?? 0) - (stored?.createdAt.getTime() ?? 0)) / 1000;
    expect(ttl).toBeCloseTo(600, 0);

    const reused = await verify(c.challengeId, c.answer);
    expect(reused.body.data).toEqual({ resultCode: 0, sessionId: '' });
  });

  it('binds the session to the logged-in user', async () => {
    const user = await findOrCreateUserByPhone(t.db, uniquePhone());
    const tokens = await t.app.deps.sessions.create(user.userId);
    const c = await challenge();
    const passed = await verify(c.challengeId, c.answer, { duToken: tokens.duToken });
    const [stored] = await t.db
      .select({ subject: captchaSessions.subject })
      .from(captchaSessions)
      .where(eq(captchaSessions.tokenHash, hashToken(passed.body.data.sessionId)));
    expect(stored?.subject).toBe(`u:${user.userId}`);
  });

  it('fails an expired challenge and an unknown one', async () => {
    const c = await challenge();
    await t.db
      .update(captchaChallenges)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(captchaChallenges.id, c.challengeId));
    expect((await verify(c.challengeId, c.answer)).body.data).toEqual({ resultCode: 0, sessionId: '' });
    expect((await verify('no-such-challenge', 'ABCD')).body.data).toEqual({ resultCode: 0, sessionId: '' });
  });

  it('passes at most one of concurrent verifies of one challenge', async () => {
    const c = await challenge();
    const results = await Promise.all(Array.from({ length: 6 }, () => verify(c.challengeId, c.answer)));
    expect(results.filter((r) => r.body.data.resultCode === 1)).toHaveLength(1);
    expect(results.filter((r) => r.body.data.resultCode === 0)).toHaveLength(5);
  });

  it('answers the dev hook with 404 for an unknown challenge', async () => {
    const res = await t.signedInject(contract.auth.captchaDevAnswer, { challengeId: 'nope' });
    expect(res.body).toMatchObject({ code: NOT_FOUND, msg: '验证已失效，请重新验证', data: null });
  });
});

describe('captcha in production', () => {
  let pro: TestApp;
  beforeAll(async () => {
    pro = await createTestApp({ APP_ENV: 'pro' });
  });
  afterAll(() => pro.close());

  it('keeps no answer in clear and answers the dev hook with HTTP 404', async () => {
    const res = await pro.signedInject(contract.auth.captchaChallenge, {});
    const { challengeId } = res.body.data;
    const [row] = await pro.db.select().from(captchaChallenges).where(eq(captchaChallenges.id, challengeId));
    expect(row?.devAnswer).toBeNull();
    const dev = await pro.signedInject(contract.auth.captchaDevAnswer, { challengeId });
    expect(dev.status).toBe(404);
    expect(dev.body.code).toBe(NOT_FOUND);
  });
});

import { contract } from '@h5/contract';
import { NOT_FOUND, SUCCESS } from '@h5/core';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captchaChallenges, captchaSessions } from '../../db/schema';
import { hashToken } from '../../plugins/session';
import { createTestApp, type TestApp, uniquePhone } from '../../test-utils';
import { CAPTCHA_ALPHABET } from './captcha-glyphs';
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
  it('draws 4–5 unambiguous characters as an SVG without text, stored hashed for 120 s', async () => {
    const c = await challenge('auth.sendLoginCode');
    expect(c.answer).toMatch(new RegExp(`^[${CAPTCHA_ALPHABET}]{4,5}$`));
    expect(c.answerLength).toBe(c.answer.length);
    expect(c.expiresInSeconds).toBe(120);
    expect(c.image).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]*>.*<\/svg>$/);
    expect(c.image).not.toMatch(/<text|<tspan|font/);
    expect(c.image).not.toContain(c.answer);
    // One stroke path per character plus noise.
    expect(c.image.match(/<path /g)?.length).toBeGreaterThan(c.answer.length);

    const [row] = await t.db.select().from(captchaChallenges).where(eq(captchaChallenges.id, c.challengeId));
    expect(row?.answerHash).toBe(hashToken(`${c.challengeId}:${c.answer}`));
    expect(row?.scene).toBe('auth.sendLoginCode');
    const ttl = ((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)) / 1000;
    expect(ttl).toBeCloseTo(120, 0);
  });

  it('draws a different challenge each time', async () => {
    const [a, b] = await Promise.all([challenge(), challenge()]);
    expect(a?.challengeId).not.toBe(b?.challengeId);
    expect(a?.image).not.toBe(b?.image);
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
    expect(res.body).toMatchObject({ code: NOT_FOUND, msg: 'captcha challenge not found', data: null });
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

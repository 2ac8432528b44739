import { randomInt } from 'node:crypto';
import {
  LOGIN_CODE_ATTEMPTS_EXCEEDED,
  LOGIN_CODE_DELIVERY_FAILED,
  LOGIN_CODE_INVALID,
  LOGIN_CODE_TOO_FREQUENT,
} from '@h5/core';
import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginCodes, smsOutbox } from '../../db/schema';
import { AppError } from '../../plugins/errors';
import { deliverCode, type SmsPurpose, type SmsSender } from '../../sms/sender';
import { AUTH_MESSAGES } from './messages';

export const LOGIN_CODE_TTL_SECONDS = 300;
export const LOGIN_CODE_INTERVAL_SECONDS = 60;

/** What one guess at a phone's code found (see `judge`). */
export type CodeVerdict =
  | { verdict: 'passed' }
  | { verdict: 'wrong'; left: number }
  | { verdict: 'exhausted' }
  | { verdict: 'expired' }
  | { verdict: 'missing' };

/**
 * One-time login codes: 6 digits, 5 minutes, one per phone per 60 s, single use. Only the newest
 * code of a phone counts (a new code revokes the older ones), and it takes `maxAttempts` guesses
 * at most: the guess that uses up the last one, and every guess after it, find it dead.
 */
export function createLoginCodes(db: Db, maxAttempts: number) {
  const latest = db
    .select({ createdAt: loginCodes.createdAt })
    .from(loginCodes)
    .where(eq(loginCodes.phone, sql.placeholder('phone')))
    .orderBy(desc(loginCodes.createdAt))
    .limit(1)
    .prepare('login_code_latest');

  return {
    /**
     * Issues a code and sends it through `sender` (issue 31 point 2). A delivery that failed
     * takes its code back (deleted: never usable, and the 60-s interval not spent) and answers
     * 4024 `短信发送失败，请稍后重试`.
     */
    async issue(phone: string, sender: SmsSender, purpose: SmsPurpose = 'login'): Promise<void> {
      const [last] = await latest.execute({ phone });
      if (last && Date.now() - last.createdAt.getTime() < LOGIN_CODE_INTERVAL_SECONDS * 1000) {
        throw new AppError(LOGIN_CODE_TOO_FREQUENT, AUTH_MESSAGES.codeTooFrequent);
      }
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const [issued] = await db
        .insert(loginCodes)
        .values({ phone, code, expiresAt: new Date(Date.now() + LOGIN_CODE_TTL_SECONDS * 1000) })
        .returning({ id: loginCodes.id });
      const sent = await deliverCode(db, sender, { phone, purpose, code });
      if (sent.ok) return;
      if (issued) await db.delete(loginCodes).where(eq(loginCodes.id, issued.id));
      throw new AppError(LOGIN_CODE_DELIVERY_FAILED, AUTH_MESSAGES.codeDeliveryFailed);
    },

    /**
     * One guess at the phone's newest live code, judged in one conditional update: it counts the
     * attempt and uses the code only when the guess is right and an attempt was left. Concurrent
     * guesses queue on the row, so no more than `maxAttempts` are ever judged. What the guess
     * found: passed, wrong (tries left), exhausted (no try left), expired (the newest code is
     * used or past its time) or missing (no code was ever sent to the phone).
     */
    async judge(phone: string, code: string): Promise<CodeVerdict> {
      const newest = db
        .select({ id: loginCodes.id })
        .from(loginCodes)
        .where(eq(loginCodes.phone, phone))
        .orderBy(desc(loginCodes.createdAt), desc(loginCodes.id))
        .limit(1);
      const [guess] = await db
        .update(loginCodes)
        .set({
          attempts: sql`${loginCodes.attempts} + 1`,
          usedAt: sql`CASE WHEN ${loginCodes.code} = ${code} AND ${loginCodes.attempts} < ${maxAttempts} THEN now() END`,
        })
        .where(
          and(
            inArray(loginCodes.id, newest),
            isNull(loginCodes.usedAt),
            gt(loginCodes.expiresAt, sql`now()`),
          ),
        )
        .returning({ attempts: loginCodes.attempts, passed: sql<boolean>`${loginCodes.usedAt} IS NOT NULL` });
      if (!guess) {
        const [last] = await latest.execute({ phone });
        return { verdict: last ? 'expired' : 'missing' };
      }
      if (guess.passed) return { verdict: 'passed' };
      if (guess.attempts >= maxAttempts) return { verdict: 'exhausted' };
      return { verdict: 'wrong', left: maxAttempts - guess.attempts };
    },

    /** {@link judge}, the web login's way: anything but a pass is refused with the auth codes. */
    async consume(phone: string, code: string): Promise<void> {
      const found = await this.judge(phone, code);
      switch (found.verdict) {
        case 'passed':
          return;
        case 'exhausted':
          throw new AppError(LOGIN_CODE_ATTEMPTS_EXCEEDED, AUTH_MESSAGES.codeAttemptsExceeded);
        case 'wrong':
          throw new AppError(LOGIN_CODE_INVALID, AUTH_MESSAGES.codeWrong(found.left));
        default:
          throw new AppError(LOGIN_CODE_INVALID, AUTH_MESSAGES.codeInvalid);
      }
    },

    async outbox(phone: string) {
      const rows = await db
        .select({ code: smsOutbox.code, sentAt: smsOutbox.sentAt })
        .from(smsOutbox)
        .where(eq(smsOutbox.phone, phone))
        .orderBy(desc(smsOutbox.sentAt), desc(smsOutbox.id))
        .limit(10);
      return rows.map((row) => ({ code: row.code, sentAt: row.sentAt.toISOString() }));
    },
  };
}

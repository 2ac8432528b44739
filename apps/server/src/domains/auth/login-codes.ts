import { randomInt } from 'node:crypto';
import { LOGIN_CODE_INVALID, LOGIN_CODE_TOO_FREQUENT } from '@h5/core';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginCodes, smsOutbox } from '../../db/schema';
import { AppError } from '../../plugins/errors';
import { SERVER_MESSAGES } from '../../plugins/messages';

export const LOGIN_CODE_TTL_SECONDS = 300;
export const LOGIN_CODE_INTERVAL_SECONDS = 60;

/** One-time login codes: 6 digits, 5 minutes, one per phone per 60 s, single use. */
export function createLoginCodes(db: Db) {
  const latest = db
    .select({ createdAt: loginCodes.createdAt })
    .from(loginCodes)
    .where(eq(loginCodes.phone, sql.placeholder('phone')))
    .orderBy(desc(loginCodes.createdAt))
    .limit(1)
    .prepare('login_code_latest');

  return {
    /** Issues a code; `deliver` false (production) skips the development outbox. */
    async issue(phone: string, deliver: boolean): Promise<void> {
      const [last] = await latest.execute({ phone });
      if (last && Date.now() - last.createdAt.getTime() < LOGIN_CODE_INTERVAL_SECONDS * 1000) {
        throw new AppError(LOGIN_CODE_TOO_FREQUENT, SERVER_MESSAGES.loginCodeTooFrequent);
      }
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await db
        .insert(loginCodes)
        .values({ phone, code, expiresAt: new Date(Date.now() + LOGIN_CODE_TTL_SECONDS * 1000) });
      if (deliver) await db.insert(smsOutbox).values({ phone, code });
    },

    /** Consumes a live code; the conditional update makes it single-use even under races. */
    async consume(phone: string, code: string): Promise<void> {
      const used = await db
        .update(loginCodes)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(loginCodes.phone, phone),
            eq(loginCodes.code, code),
            isNull(loginCodes.usedAt),
            gt(loginCodes.expiresAt, new Date()),
          ),
        )
        .returning({ id: loginCodes.id });
      if (used.length === 0) throw new AppError(LOGIN_CODE_INVALID, SERVER_MESSAGES.loginCodeInvalid);
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

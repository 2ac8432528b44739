import { randomBytes } from 'node:crypto';
import {
  INVITE_SMS_CODE_ATTEMPTS_EXCEEDED,
  INVITE_SMS_CODE_EXPIRED,
  INVITE_SMS_CODE_MISSING,
  INVITE_SMS_CODE_WRONG,
  INVITE_SMS_DELIVERY_FAILED,
  INVITE_SMS_IP_DAILY_LIMIT,
  INVITE_SMS_PHONE_DAILY_LIMIT,
  INVITE_SMS_TOO_FREQUENT,
  LOGIN_CODE_DELIVERY_FAILED,
  LOGIN_CODE_TOO_FREQUENT,
} from '@h5/core';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { inviteAuthTokens, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError, isAppError } from '../../plugins/errors';
import { type RateCount, type RateKey, rateRule, subjectOf } from '../../plugins/rate-limit';
import { hashToken } from '../../plugins/session';
import { createSmsSender } from '../../sms/sender';
import { createLoginCodes, LOGIN_CODE_INTERVAL_SECONDS, LOGIN_CODE_TTL_SECONDS } from '../auth/login-codes';
import { INVITE_MESSAGES } from './messages';

/** How long invite-auth's proof of a number can be redeemed by invited-sign-up. */
export const INVITE_AUTH_TTL_SECONDS = 600;
const DAY_SECONDS = 86_400;

/** A long wait as people say it: `3 小时`, `20 分钟`. */
const hoursText = (seconds: number): string =>
  seconds >= 3600 ? `${Math.ceil(seconds / 3600)} 小时` : `${Math.max(1, Math.ceil(seconds / 60))} 分钟`;

/**
 * The invitation's SMS codes (issue 18 point 2), on the web login's code machinery
 * (auth/login-codes.ts: `login_codes`, the `sms_outbox` outside production, 5 minutes, single
 * use, LOGIN_CODE_MAX_ATTEMPTS tries): a number gets one code per 60 s, at most
 * INVITE_SMS_DAILY_PER_PHONE a day, an address at most INVITE_SMS_DAILY_PER_IP; the risk check's
 * login-code rule (HTTP 485 and a captcha past RISK_LOGIN_CODE_LIMIT per address) runs before.
 * All limits are the server's atomic rate counters, so they hold under concurrency. A send the
 * provider did not take (issue 31 point 2) gives back what it counted (4916) and its code is gone.
 */
export function createInviteSms(deps: AppDeps) {
  const { db, env, limits } = deps;
  const codes = createLoginCodes(db, env.LOGIN_CODE_MAX_ATTEMPTS);
  const sender = createSmsSender(db, env);
  const rules = {
    interval: rateRule('invite-sms:interval', 1, LOGIN_CODE_INTERVAL_SECONDS),
    phone: rateRule('invite-sms:phone', env.INVITE_SMS_DAILY_PER_PHONE, DAY_SECONDS),
    address: rateRule('invite-sms:ip', env.INVITE_SMS_DAILY_PER_IP, DAY_SECONDS),
  };
  const over = (count: RateCount | undefined) => count !== undefined && count.hits > count.rule.limit;

  return {
    /** Sends a code to `phone`; refusals: 4903 within 60 s, 4904 / 4905 past a daily cap. */
    async send(phone: string, request: FastifyRequest) {
      const minute = { rule: rules.interval, subject: subjectOf('phone', phone) };
      const [interval] = await limits.counters.add([minute]);
      if (over(interval)) {
        // A refused send is no send: it leaves the minute as the one that was sent left it (so a
        // concurrent send whose delivery fails, giving its count back, frees the minute).
        await limits.counters.giveBack([minute]);
        throw new AppError(INVITE_SMS_TOO_FREQUENT, INVITE_MESSAGES.smsTooFrequent);
      }
      const keys: RateKey[] = [
        { rule: rules.phone, subject: subjectOf('phone', phone) },
        { rule: rules.address, subject: limits.address(request) },
      ];
      const [perPhone, perAddress] = await limits.counters.add(keys);
      if (over(perPhone)) {
        const wait = hoursText(perPhone?.retryAfterSeconds ?? DAY_SECONDS);
        throw new AppError(INVITE_SMS_PHONE_DAILY_LIMIT, INVITE_MESSAGES.smsPhoneDailyLimit(wait));
      }
      if (over(perAddress)) {
        const wait = hoursText(perAddress?.retryAfterSeconds ?? DAY_SECONDS);
        throw new AppError(INVITE_SMS_IP_DAILY_LIMIT, INVITE_MESSAGES.smsIpDailyLimit(wait));
      }
      try {
        await codes.issue(phone, sender, 'invite');
      } catch (error) {
        // A web login code sent to the number in the last 60 s counts as its code of the minute.
        if (isAppError(error) && error.code === LOGIN_CODE_TOO_FREQUENT) {
          throw new AppError(INVITE_SMS_TOO_FREQUENT, INVITE_MESSAGES.smsTooFrequent);
        }
        if (isAppError(error) && error.code === LOGIN_CODE_DELIVERY_FAILED) {
          // Nothing reached the phone: the minute and the day's counts are given back, in one
          // atomic decrement each, so concurrent sends still see exact counts.
          await limits.counters.giveBack([minute, ...keys]);
          throw new AppError(INVITE_SMS_DELIVERY_FAILED, INVITE_MESSAGES.smsDeliveryFailed);
        }
        throw error;
      }
      return { expiresInSeconds: LOGIN_CODE_TTL_SECONDS, resendInSeconds: LOGIN_CODE_INTERVAL_SECONDS };
    },

    /**
     * Judges the code (one try of the number's newest code) and, when right, answers a one-time
     * token proving the number for INVITE_AUTH_TTL_SECONDS. Wrong 4906, expired or used 4907,
     * out of tries 4908, never sent 4909.
     */
    async auth(phone: string, smsCode: string) {
      const found = await codes.judge(phone, smsCode);
      switch (found.verdict) {
        case 'passed':
          break;
        case 'wrong':
          throw new AppError(INVITE_SMS_CODE_WRONG, INVITE_MESSAGES.smsCodeWrong(found.left));
        case 'exhausted':
          throw new AppError(INVITE_SMS_CODE_ATTEMPTS_EXCEEDED, INVITE_MESSAGES.smsCodeAttemptsExceeded);
        case 'expired':
          throw new AppError(INVITE_SMS_CODE_EXPIRED, INVITE_MESSAGES.smsCodeExpired);
        default:
          throw new AppError(INVITE_SMS_CODE_MISSING, INVITE_MESSAGES.smsCodeMissing);
      }
      const authToken = randomBytes(24).toString('base64url');
      await db.insert(inviteAuthTokens).values({
        tokenHash: hashToken(authToken),
        phone,
        expiresAt: sql`now() + make_interval(secs => ${INVITE_AUTH_TTL_SECONDS})`,
      });
      return {
        authToken,
        expiresInSeconds: INVITE_AUTH_TTL_SECONDS,
        registered: await isRegistered(db, phone),
      };
    },
  };
}

async function isRegistered(db: Db, phone: string): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.phone, phone)).limit(1);
  return rows.length > 0;
}

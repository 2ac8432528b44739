import type { contract, InputOf, OperatorBrief } from '@h5/contract';
import { OPERATOR_CREDENTIALS_INVALID, OPERATOR_LOCKED, OPERATOR_TOTP_REQUIRED } from '@h5/core';
import { eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { operators } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../plugins/errors';
import { SERVER_MESSAGES } from '../../plugins/messages';
import { PRIVATE_NO_STORE } from '../../plugins/register-endpoint';
import { hashPassword, operatorNamed, passwordMatches, totpStep } from './accounts';
import { recordAudit } from './audit';

/** Failed logins in a row that lock an account, and for how long. */
export const OPERATOR_LOCKOUT = { attempts: 5, minutes: 15 } as const;

/** Verified against when the name is unknown, so an unknown name takes as long as a wrong password. */
let decoyHash: Promise<string> | undefined;

const invalid = () => new AppError(OPERATOR_CREDENTIALS_INVALID, SERVER_MESSAGES.operatorCredentialsInvalid);

/**
 * Logs an operator in (issue 30 point 1): the password (argon2id), then the TOTP code where the
 * account has a second factor (each code once). OPERATOR_LOCKOUT.attempts failures in a row lock
 * the account for OPERATOR_LOCKOUT.minutes; every success and failure is in the audit log.
 */
export async function login(
  deps: AppDeps,
  input: InputOf<typeof contract.backstage.login>,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<OperatorBrief> {
  const { db } = deps;
  // The answer sets the session's cookies: never stored by a browser or a cache.
  reply.header('cache-control', PRIVATE_NO_STORE);
  const account = await operatorNamed(db, input.name);
  if (!account || account.disabled) {
    decoyHash ??= hashPassword('decoy password of an unknown operator');
    await passwordMatches(await decoyHash, input.password);
    throw invalid();
  }
  const now = new Date();
  const actor = { operator: { operatorId: account.id, name: account.name }, address: request.ip };
  if (account.lockedUntil && account.lockedUntil > now) {
    throw new AppError(
      OPERATOR_LOCKED,
      SERVER_MESSAGES.operatorLocked(minutesUntil(account.lockedUntil, now)),
    );
  }
  const passwordOk = await passwordMatches(account.passwordHash, input.password);
  if (passwordOk && account.totpSecret && input.totp === undefined) {
    throw new AppError(OPERATOR_TOTP_REQUIRED, SERVER_MESSAGES.operatorTotpRequired);
  }
  const step =
    passwordOk && account.totpSecret && input.totp !== undefined
      ? totpStep(account.name, account.totpSecret, input.totp, now.getTime())
      : null;
  const totpOk = !account.totpSecret || (step !== null && step > (account.totpLastStep ?? -1));
  if (!passwordOk || !totpOk) {
    // One statement, so simultaneous guesses each count.
    const [after] = await db
      .update(operators)
      .set({
        failedLogins: sql`case when ${operators.failedLogins} + 1 >= ${OPERATOR_LOCKOUT.attempts} then 0 else ${operators.failedLogins} + 1 end`,
        lockedUntil: sql`case when ${operators.failedLogins} + 1 >= ${OPERATOR_LOCKOUT.attempts}
          then now() + make_interval(mins => ${OPERATOR_LOCKOUT.minutes}) else ${operators.lockedUntil} end`,
      })
      .where(eq(operators.id, account.id))
      .returning({ lockedUntil: operators.lockedUntil });
    const locked = after?.lockedUntil != null && after.lockedUntil > now;
    await recordAudit(db, actor, {
      action: locked ? 'operator.locked' : 'operator.login_failed',
      objectType: 'operator',
      objectId: account.id,
      reason: passwordOk ? '动态验证码错误' : '密码错误',
    });
    if (locked) throw new AppError(OPERATOR_LOCKED, SERVER_MESSAGES.operatorLocked(OPERATOR_LOCKOUT.minutes));
    throw invalid();
  }
  await db.transaction(async (tx) => {
    await tx
      .update(operators)
      .set({
        failedLogins: 0,
        lockedUntil: null,
        lastLoginAt: now,
        ...(step === null ? {} : { totpLastStep: step }),
      })
      .where(eq(operators.id, account.id));
    await recordAudit(tx, actor, { action: 'operator.login', objectType: 'operator', objectId: account.id });
  });
  await deps.operatorSessions.create(reply, account.id, request.ip);
  return {
    operatorId: account.id,
    name: account.name,
    role: account.role,
    totp: account.totpSecret !== null,
  };
}

const minutesUntil = (until: Date, now: Date): number =>
  Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));

import { randomBytes } from 'node:crypto';
import type { Endpoint, OperatorBrief, OperatorRole, RequestOf, ResponseOf } from '@h5/contract';
import { contract } from '@h5/contract';
import { OPERATOR_CSRF_COOKIE, OPERATOR_CSRF_HEADER, OPERATOR_SESSION_COOKIE } from '@h5/core';
import { operatorSessions } from '../db/schema';
import { generateTotpSecret, insertOperator, totpOf } from '../domains/backstage/accounts';
import { hashToken } from '../plugins/session';
import type { InjectOptions, InjectResult, TestApp } from './app';

/** A logged-in backstage operator of a test: its account and a caller that sends its session like the backstage page. */
export interface TestOperator {
  operator: OperatorBrief;
  password: string;
  /** The base32 TOTP secret, where the account has a second factor. */
  totpSecret: string | null;
  cookies: Record<string, string>;
  /** Calls an entry with the operator's cookies and CSRF header (nonce and time come with the wire form). */
  call: <E extends Endpoint>(
    endpoint: E,
    input: RequestOf<E>,
    options?: InjectOptions,
  ) => Promise<InjectResult<ResponseOf<E>>>;
}

/**
 * A fresh session of an existing operator, stored directly (no login, no argon2): for tests that
 * need many sessions (the input fuzz, where a logout case ends the one it runs on).
 */
export async function operatorSessionCookies(
  t: TestApp,
  operatorId: number,
): Promise<Record<string, string>> {
  const token = randomBytes(32).toString('base64url');
  const csrf = randomBytes(24).toString('base64url');
  await t.db.insert(operatorSessions).values({
    operatorId,
    tokenHash: hashToken(token),
    csrfHash: hashToken(csrf),
    address: '127.0.0.1',
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  return { [OPERATOR_SESSION_COOKIE]: token, [OPERATOR_CSRF_COOKIE]: csrf };
}

/** A fresh operator name, so reruns on a reused database never collide. */
export const uniqueOperatorName = (role: string): string =>
  `t-${role.replace('_', '')}-${randomBytes(5).toString('hex')}`;

/** The current TOTP code of a secret. */
export const totpCode = (name: string, secret: string): string => totpOf(name, secret).generate();

/** Makes an operator account of `role` (with a second factor when asked) and logs it in through the login call. */
export async function loginOperator(
  t: TestApp,
  role: OperatorRole,
  options: { totp?: boolean } = {},
): Promise<TestOperator> {
  const name = uniqueOperatorName(role);
  const password = randomBytes(12).toString('base64url');
  const totpSecret = options.totp ? generateTotpSecret() : null;
  await insertOperator(t.db, { name, role, password, totpSecret });
  const res = await t.signedInject(contract.backstage.login, {
    name,
    password,
    ...(totpSecret ? { totp: totpCode(name, totpSecret) } : {}),
  });
  if (res.body.code !== 200) throw new Error(`operator login failed: ${res.body.code} ${res.body.msg}`);
  const cookies = {
    [OPERATOR_SESSION_COOKIE]: res.cookies[OPERATOR_SESSION_COOKIE] as string,
    [OPERATOR_CSRF_COOKIE]: res.cookies[OPERATOR_CSRF_COOKIE] as string,
  };
  return {
    operator: res.body.data,
    password,
    totpSecret,
    cookies,
    call: (endpoint, input, options = {}) =>
      t.signedInject(endpoint, input, {
        ...options,
        cookies: { ...cookies, ...options.cookies },
        headers: { [OPERATOR_CSRF_HEADER]: cookies[OPERATOR_CSRF_COOKIE] as string, ...options.headers },
      }),
  };
}

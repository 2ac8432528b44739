import { randomBytes } from 'node:crypto';
import type { OperatorBrief, OperatorRole } from '@h5/contract';
import { argon2id, hash, verify } from 'argon2';
import { asc, eq, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { Db } from '../../db/client';
import { operators } from '../../db/schema';

/** The issuer an authenticator app shows beside the account. */
const TOTP_ISSUER = 'Community H5 后台';

/** The shortest password an operator may have. */
export const OPERATOR_MIN_PASSWORD = 12;

/** A fresh random password (24 characters of base64url, 144 bits): the command line prints it once. */
export const generatePassword = (): string => randomBytes(18).toString('base64url');

/** argon2id with the library's defaults (64 MiB, 3 passes): slow for a guesser, fine for a login. */
export const hashPassword = (password: string): Promise<string> => hash(password, { type: argon2id });

/** Whether `password` is the one behind `passwordHash`. */
export const passwordMatches = (passwordHash: string, password: string): Promise<boolean> =>
  verify(passwordHash, password).catch(() => false);

/** The TOTP of an account's secret: 6 digits, 30 s steps, SHA-1 (what authenticator apps expect). */
export const totpOf = (name: string, secret: string): TOTP =>
  new TOTP({ issuer: TOTP_ISSUER, label: name, secret: Secret.fromBase32(secret) });

/** A fresh TOTP secret (160 bits, base32). */
export const generateTotpSecret = (): string => new Secret({ size: 20 }).base32;

/**
 * The time step `code` is good for (one step either side of now, for clock drift), or null. The
 * caller keeps the step, so a code is accepted once.
 */
export function totpStep(name: string, secret: string, code: string, now = Date.now()): number | null {
  const delta = totpOf(name, secret).validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 30_000) + delta;
}

export interface NewOperator {
  name: string;
  role: OperatorRole;
  password: string;
  totpSecret: string | null;
}

/** Stores a new operator account; false when the name is taken. */
export async function insertOperator(db: Db, account: NewOperator): Promise<OperatorBrief | null> {
  const [row] = await db
    .insert(operators)
    .values({
      name: account.name,
      role: account.role,
      passwordHash: await hashPassword(account.password),
      totpSecret: account.totpSecret,
    })
    .onConflictDoNothing()
    .returning({ operatorId: operators.id, name: operators.name, role: operators.role });
  return row ? { ...row, totp: account.totpSecret !== null } : null;
}

/** Every operator account, by name. */
export function listOperators(db: Db) {
  return db
    .select({
      operatorId: operators.id,
      name: operators.name,
      role: operators.role,
      totp: sql<boolean>`${operators.totpSecret} is not null`,
      disabled: operators.disabled,
      lastLoginAt: operators.lastLoginAt,
    })
    .from(operators)
    .orderBy(asc(operators.name));
}

/** The account named `name`, whole (the login and the command line). */
export async function operatorNamed(db: Db, name: string) {
  const [row] = await db.select().from(operators).where(eq(operators.name, name));
  return row;
}

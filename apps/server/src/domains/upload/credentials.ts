import { randomBytes } from 'node:crypto';
import type { ObjectAcl } from '@h5/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { uploadCredentials } from '../../db/schema';
import { hashToken } from '../../plugins/session';

/** Lifetime of a gateway's credential and of its policy (docs/upload-protocol.md §1). */
export const CREDENTIAL_TTL_MS = 15 * 60_000;

export type Credential = typeof uploadCredentials.$inferSelect;

export interface CredentialGrant {
  appId: string;
  userId: number | null;
  gateway: string;
  bucket: string;
  keyPrefix: string;
  maxBytes: number;
  acl: ObjectAcl;
}

/**
 * Issues a fresh credential row, living `ttlMs` (a gateway's: 15 minutes; the STS stand-in's: as
 * asked); the security token leaves only in the answer (stored as sha256).
 */
export async function issueCredential(
  db: Db,
  grant: CredentialGrant,
  now = new Date(),
  ttlMs = CREDENTIAL_TTL_MS,
) {
  const accessKeyId = `STS.${randomBytes(18).toString('base64url')}`;
  const accessKeySecret = randomBytes(30).toString('base64url');
  const securityToken = randomBytes(48).toString('base64url');
  const expiresAt = new Date(now.getTime() + ttlMs);
  await db.insert(uploadCredentials).values({
    ...grant,
    accessKeyId,
    accessKeySecret,
    securityTokenHash: hashToken(securityToken),
    expiresAt,
  });
  return { accessKeyId, accessKeySecret, securityToken, expiresAt };
}

export async function findCredential(db: Db, accessKeyId: string): Promise<Credential | null> {
  const [row] = await db
    .select()
    .from(uploadCredentials)
    .where(eq(uploadCredentials.accessKeyId, accessKeyId))
    .limit(1);
  return row ?? null;
}

/** True when the presented security token is the credential's own. */
export const tokenMatches = (credential: Credential, securityToken: string | undefined): boolean =>
  securityToken !== undefined && hashToken(securityToken) === credential.securityTokenHash;

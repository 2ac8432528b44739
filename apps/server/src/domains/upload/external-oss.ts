import { randomUUID } from 'node:crypto';
import type { ObjectAcl, UploadToken } from '@h5/contract';
import { SERVICE_UNAVAILABLE } from '@h5/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../../env';
import { AppError } from '../../plugins/errors';
import { SERVER_MESSAGES } from '../../plugins/messages';
import { CREDENTIAL_TTL_MS } from './credentials';
import { buildPolicy, hmacSha1 } from './policy';
import { rpcSignature } from './sts-signature';

/**
 * UPLOAD_DRIVER=oss (docs/upload-protocol.md §7): browsers upload straight to an external Aliyun
 * OSS bucket. A token is STS credentials from AssumeRole (the RAM user's key, OSS_ACCESS_KEY_ID /
 * SECRET, never leaves this server) under a session policy that allows writing the token's key
 * prefix only, and a PostObject policy signed with them; the SDK speaks OSS's wire form to OSS_HOST.
 */

/** STS credentials, as AssumeRole answers them. */
export interface StsCredentials {
  accessKeyId: string;
  accessKeySecret: string;
  securityToken: string;
  expiresAt: Date;
}

/** STS's shortest role session, asked for each prefix (a gateway credential lives as long). */
const SESSION_SECONDS = CREDENTIAL_TTL_MS / 1000;
/** Credentials are handed out again while they have this much left. */
const REUSE_MARGIN_MS = 5 * 60_000;
const STS_TIMEOUT_MS = 10_000;
const CACHE_MAX = 1000;

/** What a browser's session may do: write (PutObject covers multipart) and list or abort its uploads. */
export const WRITE_ACTIONS = ['oss:PutObject', 'oss:ListParts', 'oss:AbortMultipartUpload'] as const;
/** What the server's own reading session may do: read objects (GetObject covers HEAD). */
export const READ_ACTIONS = ['oss:GetObject'] as const;

/** A session policy allowing `actions` under one prefix of the bucket. */
export const sessionPolicy = (
  bucket: string,
  keyPrefix: string,
  actions: readonly string[] = WRITE_ACTIONS,
) => ({
  Version: '1',
  Statement: [
    {
      Effect: 'Allow',
      Action: [...actions],
      Resource: [`acs:oss:*:*:${bucket}/${keyPrefix}*`],
    },
  ],
});

/** A role session name STS accepts (2–64 of `[\w.@-]`). */
const sessionNameOf = (appId: string, userId: number | null) =>
  `h5-${appId}-${userId ?? 'app'}`.replace(/[^\w.@-]/g, '-').slice(0, 64);

export type OssEnv = Pick<
  Env,
  'OSS_STS_ENDPOINT' | 'OSS_ACCESS_KEY_ID' | 'OSS_ACCESS_KEY_SECRET' | 'OSS_ROLE_ARN' | 'OSS_BUCKET'
>;

/** AssumeRole at OSS_STS_ENDPOINT (Aliyun's RPC API, signed with the RAM user's key). */
export async function assumeRole(
  env: OssEnv,
  input: { sessionName: string; policy: object; durationSeconds: number },
): Promise<StsCredentials> {
  const params: Record<string, string> = {
    Action: 'AssumeRole',
    RoleArn: env.OSS_ROLE_ARN ?? '',
    RoleSessionName: input.sessionName,
    DurationSeconds: String(input.durationSeconds),
    Policy: JSON.stringify(input.policy),
    Format: 'JSON',
    Version: '2015-04-01',
    AccessKeyId: env.OSS_ACCESS_KEY_ID ?? '',
    SignatureMethod: 'HMAC-SHA1',
    SignatureVersion: '1.0',
    SignatureNonce: randomUUID(),
    Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
  };
  params.Signature = rpcSignature('POST', params, env.OSS_ACCESS_KEY_SECRET ?? '');
  const response = await fetch(env.OSS_STS_ENDPOINT, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params).toString(),
    signal: AbortSignal.timeout(STS_TIMEOUT_MS),
  });
  const text = await response.text();
  const answer = JSON.parse(text || '{}') as {
    Code?: string;
    Message?: string;
    Credentials?: {
      AccessKeyId?: string;
      AccessKeySecret?: string;
      SecurityToken?: string;
      Expiration?: string;
    };
  };
  const credentials = answer.Credentials;
  if (
    !response.ok ||
    !credentials?.AccessKeyId ||
    !credentials.AccessKeySecret ||
    !credentials.SecurityToken
  ) {
    throw new Error(
      `STS AssumeRole failed: ${response.status} ${answer.Code ?? ''} ${answer.Message ?? text.slice(0, 200)}`,
    );
  }
  return {
    accessKeyId: credentials.AccessKeyId,
    accessKeySecret: credentials.AccessKeySecret,
    securityToken: credentials.SecurityToken,
    expiresAt: new Date(credentials.Expiration ?? Date.now() + input.durationSeconds * 1000),
  };
}

/** Credentials per app, prefix and actions, reused while fresh (one AssumeRole per prefix per ~10 minutes). */
const sessions = new Map<string, StsCredentials>();

/** STS credentials of a session allowed `actions` under `keyPrefix`, from the cache while fresh. */
export async function credentialsFor(
  env: OssEnv,
  grant: { appId: string; userId: number | null; keyPrefix: string },
  actions: readonly string[] = WRITE_ACTIONS,
): Promise<StsCredentials> {
  // The endpoint and key in the name: two configurations in one process never share a session.
  const cacheKey = [
    env.OSS_STS_ENDPOINT,
    env.OSS_ACCESS_KEY_ID,
    env.OSS_ROLE_ARN,
    grant.appId,
    grant.keyPrefix,
    actions.join(','),
  ].join('\n');
  const cached = sessions.get(cacheKey);
  if (cached && cached.expiresAt.getTime() - Date.now() > REUSE_MARGIN_MS) return cached;
  const fresh = await assumeRole(env, {
    sessionName: sessionNameOf(grant.appId, grant.userId),
    policy: sessionPolicy(env.OSS_BUCKET ?? '', grant.keyPrefix, actions),
    durationSeconds: SESSION_SECONDS,
  });
  if (sessions.size >= CACHE_MAX) {
    for (const [key, value] of sessions) if (value.expiresAt.getTime() <= Date.now()) sessions.delete(key);
    if (sessions.size >= CACHE_MAX) sessions.clear();
  }
  sessions.set(cacheKey, fresh);
  return fresh;
}

const withoutSlash = (url: string) => url.replace(/\/+$/, '');

/** A token for the external bucket (the same fields as our own storage host's). */
export async function externalToken(
  env: Env,
  log: FastifyBaseLogger,
  grant: { appId: string; userId: number | null; keyPrefix: string; maxBytes: number; acl: ObjectAcl },
  now = new Date(),
): Promise<UploadToken> {
  const bucket = env.OSS_BUCKET ?? '';
  let credentials: StsCredentials;
  try {
    credentials = await credentialsFor(env, grant);
  } catch (error) {
    log.error({ err: error }, 'upload token: STS AssumeRole failed');
    throw new AppError(SERVICE_UNAVAILABLE, SERVER_MESSAGES.serviceUnavailable, SERVICE_UNAVAILABLE);
  }
  const expiration = new Date(Math.min(credentials.expiresAt.getTime(), now.getTime() + CREDENTIAL_TTL_MS));
  const policy = buildPolicy({ expiration, maxBytes: grant.maxBytes, keyPrefix: grant.keyPrefix, bucket });
  const ossHost = withoutSlash(env.OSS_HOST ?? '');
  return {
    accessKeyId: credentials.accessKeyId,
    accessKeySecret: credentials.accessKeySecret,
    securityToken: credentials.securityToken,
    stsToken: credentials.securityToken,
    policy,
    signature: hmacSha1(credentials.accessKeySecret, policy),
    startsWith: grant.keyPrefix,
    ossHost,
    cdnHost: withoutSlash(env.OSS_CDN_HOST ?? ossHost),
    cdnUrlSign: grant.acl === 'private',
    objectAcl: grant.acl,
    transcordWith: '',
    region: env.OSS_REGION ?? '',
    bucket,
    expiration: expiration.toISOString(),
  };
}

import type { UploadGateway, UploadToken, UploadTokenRequest } from '@h5/contract';
import { UPLOAD_MESSAGES } from '@h5/core';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { fileTypes, uploadApps } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError, badRequest } from '../../plugins/errors';
import { requireSession } from '../../plugins/session';
import {
  UPLOAD_APP_UNKNOWN,
  UPLOAD_IDENTITY_INVALID,
  UPLOAD_PARAM_MISSING,
  UPLOAD_SERVER_MESSAGES,
} from './codes';
import { issueCredential } from './credentials';
import { externalToken } from './external-oss';
import { bucketOf, originOf } from './hosts';
import { buildPolicy, hmacSha1 } from './policy';

type UploadApp = typeof uploadApps.$inferSelect;

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name.toLowerCase()];
  return (Array.isArray(value) ? value[0] : value) || undefined;
};

/** Who is calling, per the gateway's rule (docs/upload-protocol.md §1): the user id, or null for the app itself. */
async function callerOf(
  deps: AppDeps,
  gateway: UploadGateway,
  app: UploadApp,
  input: UploadTokenRequest,
  request: FastifyRequest,
): Promise<number | null> {
  switch (gateway) {
    case 'auth': {
      const code = header(request, 'backstageCode');
      if (!code) throw new AppError(UPLOAD_PARAM_MISSING, UPLOAD_MESSAGES.authGatewayBackstageCode);
      if (code !== app.backstageCode)
        throw new AppError(UPLOAD_IDENTITY_INVALID, UPLOAD_SERVER_MESSAGES.backstageCodeInvalid);
      return null;
    }
    case 'open': {
      const open = input.openObject;
      if (!open) throw new AppError(UPLOAD_PARAM_MISSING, UPLOAD_MESSAGES.openGatewayObject);
      const matches =
        app.openClientId !== null &&
        open.clientId === app.openClientId &&
        open.sysCode === app.openSysCode &&
        open.channel === app.openChannel;
      if (!matches) throw new AppError(UPLOAD_IDENTITY_INVALID, UPLOAD_SERVER_MESSAGES.openObjectInvalid);
      return null;
    }
    case 'customize':
      // Only the duToken header names the user here.
      if (!header(request, 'duToken')) return requireSession({ kind: 'none' }).user.userId;
      return requireSession(await deps.sessions.resolve(request)).user.userId;
    default:
      // app, abroad, v2, v3, internal: the session of x-auth-token or duToken (header, else cookie).
      return requireSession(await deps.sessions.resolve(request)).user.userId;
  }
}

/** `yyyy/mm/dd` of a day (UTC), the date folder of keys. */
const dayPath = (now: Date): string => now.toISOString().slice(0, 10).replaceAll('-', '/');

/** A credential and a signed policy for one upload (docs/upload-protocol.md §1). */
export async function issueToken(
  deps: AppDeps,
  gateway: UploadGateway,
  input: UploadTokenRequest,
  request: FastifyRequest,
): Promise<UploadToken> {
  const [app] = await deps.db.select().from(uploadApps).where(eq(uploadApps.appId, input.appId)).limit(1);
  if (!app) throw new AppError(UPLOAD_APP_UNKNOWN, UPLOAD_SERVER_MESSAGES.appUnknown(input.appId));
  const userId = await callerOf(deps, gateway, app, input, request);
  const [known] = await deps.db
    .select({ type: fileTypes.type })
    .from(fileTypes)
    .where(eq(fileTypes.type, input.type))
    .limit(1);
  if (!known) throw badRequest('type', `unknown file type: ${input.type}`);

  const now = new Date();
  const abroad = gateway === 'abroad';
  const bucket = bucketOf(app.appId, abroad);
  const keyPrefix = `${app.folder}/${userId === null ? '' : `u${userId}/`}${input.folder ?? input.type}/${dayPath(now)}/`;
  const acl = app.defaultAcl;
  // UPLOAD_DRIVER=oss: STS credentials and a policy for the external bucket (docs/upload-protocol.md §7).
  if (deps.env.UPLOAD_DRIVER === 'oss')
    return externalToken(
      deps.env,
      request.log,
      { appId: app.appId, userId, keyPrefix, maxBytes: app.maxBytes, acl },
      now,
    );
  const credential = await issueCredential(
    deps.db,
    { appId: app.appId, userId, gateway, bucket, keyPrefix, maxBytes: app.maxBytes, acl },
    now,
  );
  const policy = buildPolicy({ expiration: credential.expiresAt, maxBytes: app.maxBytes, keyPrefix, bucket });
  const origin = originOf(request);
  return {
    accessKeyId: credential.accessKeyId,
    accessKeySecret: credential.accessKeySecret,
    securityToken: credential.securityToken,
    stsToken: credential.securityToken,
    policy,
    signature: hmacSha1(credential.accessKeySecret, policy),
    startsWith: keyPrefix,
    ossHost: `${origin}/oss/${bucket}`,
    cdnHost: `${origin}/cdn`,
    cdnUrlSign: acl === 'private',
    objectAcl: acl,
    transcordWith: '',
    region: abroad ? 'abroad' : 'local',
    bucket,
    expiration: credential.expiresAt.toISOString(),
  };
}

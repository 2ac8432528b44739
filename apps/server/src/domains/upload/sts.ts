import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { uploadApps } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { issueCredential } from './credentials';
import { bucketOf } from './hosts';
import { rpcSignature } from './sts-signature';

/**
 * The storage host's STS stand-in (docs/upload-protocol.md §7): Aliyun STS's AssumeRole, as stock
 * clients call it (ali-oss's `STS`, this server's own with UPLOAD_DRIVER=oss), for holders of an
 * upload app's access key (its server-upload accessToken and accessSecret). The session policy
 * must allow one key prefix of the app's folder in one of its buckets; the answer is a credential
 * of that app, prefix and user (`u{id}/` in the prefix), as a token gateway issues, living as asked.
 */

/** How far the signed Timestamp may be from the server's clock. */
const CLOCK_SKEW_MS = 15 * 60_000;
/** STS's bounds of DurationSeconds (15 minutes to an hour for a role session). */
const MIN_DURATION_S = 900;
const MAX_DURATION_S = 3600;
const ROLE_ARN = /^acs:ram::[\w.-]+:role\/([\w.-]+)$/;
const SESSION_NAME = /^[\w.@-]{2,64}$/;
/** An OSS resource of a session policy: `acs:oss:*:*:{bucket}/{prefix}*`. */
const OSS_RESOURCE = /^acs:oss:[^:]*:[^:]*:([a-z0-9][a-z0-9-]{1,61}[a-z0-9])\/(.+)\*$/;

/** An STS refusal: Aliyun's JSON error (`Code`, `Message`, `RequestId`, `HostId`) with its status. */
class StsError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const invalidParameter = (name: string, message: string) =>
  new StsError(400, `InvalidParameter.${name}`, message);

/** The body and query of an RPC request as one set of parameters (the last one of a repeated name). */
function paramsOf(request: FastifyRequest): Record<string, string> {
  const params: Record<string, string> = {};
  for (const source of [request.query, request.body]) {
    if (!source || typeof source !== 'object') continue;
    for (const [name, value] of Object.entries(source as Record<string, unknown>)) {
      const one = Array.isArray(value) ? value.at(-1) : value;
      if (typeof one === 'string') params[name] = one;
    }
  }
  return params;
}

/** The bucket and key prefix a session policy allows: exactly one, for writing. */
function grantOf(policyText: string | undefined): { bucket: string; keyPrefix: string } {
  if (!policyText) throw invalidParameter('Policy', 'A Policy naming one key prefix is required.');
  let policy: unknown;
  try {
    policy = JSON.parse(policyText);
  } catch {
    throw invalidParameter('Policy', 'The Policy is not JSON.');
  }
  const statements = (policy as { Statement?: unknown } | null)?.Statement;
  if (!Array.isArray(statements) || statements.length === 0)
    throw invalidParameter('Policy', 'The Policy has no Statement.');
  const resources = new Set<string>();
  for (const statement of statements as Array<{ Effect?: unknown; Resource?: unknown }>) {
    if (statement?.Effect !== 'Allow')
      throw invalidParameter('Policy', 'Only Allow statements are accepted.');
    const listed = Array.isArray(statement.Resource) ? statement.Resource : [statement.Resource];
    for (const resource of listed) resources.add(String(resource));
  }
  const [only, ...more] = [...resources];
  const match = more.length === 0 && only ? OSS_RESOURCE.exec(only) : null;
  if (!match?.[1] || !match[2]?.endsWith('/'))
    throw invalidParameter(
      'Policy',
      'The Policy must allow exactly one resource acs:oss:*:*:{bucket}/{prefix/}*.',
    );
  return { bucket: match[1], keyPrefix: match[2] };
}

/** `POST /sts` (or GET): AssumeRole. */
export function stsHandler(deps: AppDeps) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const params = paramsOf(request);
    if (params.Action !== 'AssumeRole')
      throw new StsError(400, 'InvalidAction.NotFound', `Specified api is not found: ${params.Action ?? ''}`);
    const accessKeyId = params.AccessKeyId ?? '';
    const [app] = accessKeyId
      ? await deps.db.select().from(uploadApps).where(eq(uploadApps.accessToken, accessKeyId)).limit(1)
      : [];
    if (!app) throw new StsError(404, 'InvalidAccessKeyId.NotFound', 'Specified access key is not found.');
    if (params.SignatureMethod !== 'HMAC-SHA1' || params.SignatureVersion !== '1.0')
      throw invalidParameter('SignatureMethod', 'Only HMAC-SHA1 signatures of version 1.0 are accepted.');
    const when = Date.parse(params.Timestamp ?? '');
    if (Number.isNaN(when) || Math.abs(when - Date.now()) > CLOCK_SKEW_MS)
      throw new StsError(400, 'InvalidTimeStamp.Expired', 'Specified time stamp or date value is expired.');
    if (rpcSignature(request.method, params, app.accessSecret) !== params.Signature)
      throw new StsError(
        400,
        'SignatureDoesNotMatch',
        'Specified signature is not matched with our calculation.',
      );
    const role = ROLE_ARN.exec(params.RoleArn ?? '');
    if (!role) throw invalidParameter('RoleArn', 'The RoleArn must be acs:ram::{account}:role/{name}.');
    const sessionName = params.RoleSessionName ?? '';
    if (!SESSION_NAME.test(sessionName))
      throw invalidParameter('RoleSessionName', 'The RoleSessionName must be 2 to 64 of [A-Za-z0-9_.@-].');
    const duration = Number(params.DurationSeconds ?? MAX_DURATION_S);
    if (!Number.isInteger(duration) || duration < MIN_DURATION_S || duration > MAX_DURATION_S)
      throw invalidParameter(
        'DurationSeconds',
        `DurationSeconds must be ${MIN_DURATION_S} to ${MAX_DURATION_S}.`,
      );
    const { bucket, keyPrefix } = grantOf(params.Policy);
    const ownBucket = bucket === bucketOf(app.appId, false) || bucket === bucketOf(app.appId, true);
    if (!ownBucket || !keyPrefix.startsWith(`${app.folder}/`))
      throw new StsError(403, 'NoPermission', "The Policy reaches past the access key's app.");
    // The prefix names its user as the gateways write it: `{folder}/u{id}/…`.
    const user = /^u(\d+)\//i.exec(keyPrefix.slice(app.folder.length + 1));
    const credential = await issueCredential(
      deps.db,
      {
        appId: app.appId,
        userId: user ? Number(user[1]) : null,
        gateway: 'sts',
        bucket,
        keyPrefix,
        maxBytes: app.maxBytes,
        acl: app.defaultAcl,
      },
      new Date(),
      duration * 1000,
    );
    const requestId = String(reply.getHeader('x-acs-request-id'));
    return reply.send({
      RequestId: requestId,
      AssumedRoleUser: {
        Arn: `${params.RoleArn}/${sessionName}`,
        AssumedRoleId: `${randomBytes(9).toString('hex')}:${sessionName}`,
      },
      Credentials: {
        AccessKeyId: credential.accessKeyId,
        AccessKeySecret: credential.accessKeySecret,
        SecurityToken: credential.securityToken,
        Expiration: credential.expiresAt.toISOString().replace(/\.\d{3}Z$/, 'Z'),
      },
    });
  };
}

/** Every STS answer carries its request id (`x-acs-request-id`, the body's RequestId). */
export function addStsRequestId(_request: FastifyRequest, reply: FastifyReply, done: () => void) {
  reply.header('x-acs-request-id', randomBytes(16).toString('hex').toUpperCase());
  done();
}

/** The refusal of a failure: its own, a body Fastify could not read, else a logged 500. */
function refusalOf(error: FastifyError | Error, request: FastifyRequest): StsError {
  if (error instanceof StsError) return error;
  const status = (error as FastifyError).statusCode ?? 500;
  if (status >= 400 && status < 500) return new StsError(400, 'InvalidParameter', error.message);
  request.log.error({ err: error }, 'sts error');
  return new StsError(500, 'InternalError', 'The request processing has failed due to some unknown error.');
}

/** STS refusals as Aliyun's JSON error. */
export function sendStsError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  const refusal = refusalOf(error, request);
  return reply.code(refusal.status).send({
    RequestId: String(reply.getHeader('x-acs-request-id')),
    HostId: request.headers.host ?? '',
    Code: refusal.code,
    Message: refusal.message,
  });
}

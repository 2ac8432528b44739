import { ossAuthorization, ossStringToSign, parseXml } from '@h5/core';
import type { Env } from '../../env';
import { UpstreamUnavailableError } from '../../plugins/errors';
import { credentialsFor, READ_ACTIONS } from './external-oss';
import { hmacSha1 } from './policy';

/**
 * The server's own reads of the external bucket (UPLOAD_DRIVER=oss, docs/upload-protocol.md §7):
 * signed GetObject at OSS_HOST with STS credentials of a reading session (AssumeRole, `oss:GetObject`
 * on one folder only), so private objects are read too and the RAM user's key only ever calls STS.
 */

/** How long one read may take, its body included. */
const READ_TIMEOUT_MS = 10_000;
/** How much of a refusal's XML is read for its code. */
const ERROR_BODY_BYTES = 4096;

type ReaderEnv = Pick<
  Env,
  | 'OSS_HOST'
  | 'OSS_BUCKET'
  | 'OSS_STS_ENDPOINT'
  | 'OSS_ACCESS_KEY_ID'
  | 'OSS_ACCESS_KEY_SECRET'
  | 'OSS_ROLE_ARN'
>;

/** Whose objects a reading session reaches: one folder of one app (`{folder}/u{id}/` for a user's). */
export interface ReadScope {
  appId: string;
  userId: number | null;
  keyPrefix: string;
}

/** What the first bytes of an object tell: its whole size, its ETag and those bytes. */
export interface ExternalHead {
  size: number;
  etag: string;
  head: Buffer;
}

const objectUrl = (env: ReaderEnv, key: string) =>
  `${(env.OSS_HOST ?? '').replace(/\/+$/, '')}/${key.split('/').map(encodeURIComponent).join('/')}`;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Up to `limit` bytes of a body (then it is cancelled), and whether more followed. */
async function bytesOf(response: Response, limit: number): Promise<{ bytes: Buffer; more: boolean }> {
  const reader = response.body?.getReader();
  if (!reader) return { bytes: Buffer.alloc(0), more: false };
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { bytes: Buffer.concat(chunks, size), more: false };
      chunks.push(value);
      size += value.length;
      if (size > limit) return { bytes: Buffer.concat(chunks, size).subarray(0, limit), more: true };
    }
  } catch (error) {
    throw new UpstreamUnavailableError(`OSS read failed: ${messageOf(error)}`, { cause: error });
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

/** OSS's error code of a refusal (its XML `<Code>`), else ''. */
async function ossCodeOf(response: Response): Promise<string> {
  try {
    const { bytes } = await bytesOf(response, ERROR_BODY_BYTES);
    return parseXml(bytes.toString()).children.find((child) => child.name === 'Code')?.text ?? '';
  } catch {
    return '';
  }
}

/**
 * A signed GET of one object; null when its status is one of `absent` (404: OSS has no such key).
 * Unreachable, timed out or
 * OSS's own 5xx: UpstreamUnavailableError (the call answers 503); any other refusal (a role that
 * may not read the bucket) is a plain error, a logged 500.
 */
async function signedRequest(
  env: ReaderEnv,
  scope: ReadScope,
  key: string,
  headers: Record<string, string>,
  absent: readonly number[] = [404],
): Promise<Response | null> {
  let credentials: Awaited<ReturnType<typeof credentialsFor>>;
  try {
    credentials = await credentialsFor(env, scope, READ_ACTIONS);
  } catch (error) {
    throw new UpstreamUnavailableError(`STS AssumeRole for reading failed: ${messageOf(error)}`, {
      cause: error,
    });
  }
  const signed: Record<string, string> = {
    'x-oss-date': new Date().toUTCString(),
    'x-oss-security-token': credentials.securityToken,
    ...headers,
  };
  const stringToSign = ossStringToSign({
    method: 'GET',
    headers: signed,
    bucket: env.OSS_BUCKET ?? '',
    key,
    query: [],
  });
  const authorization = ossAuthorization(
    credentials.accessKeyId,
    hmacSha1(credentials.accessKeySecret, stringToSign),
  );
  let response: Response;
  try {
    // The timeout covers the body too: the caller reads it through the same response.
    response = await fetch(objectUrl(env, key), {
      headers: { ...signed, authorization },
      signal: AbortSignal.timeout(READ_TIMEOUT_MS),
    });
  } catch (error) {
    throw new UpstreamUnavailableError(`OSS GetObject failed: ${messageOf(error)}`, { cause: error });
  }
  if (response.ok) return response;
  const code = await ossCodeOf(response);
  if (absent.includes(response.status)) return null;
  if (response.status >= 500)
    throw new UpstreamUnavailableError(`OSS GetObject answered ${response.status} ${code}`);
  throw new Error(`OSS GetObject of ${key} refused: ${response.status} ${code}`);
}

const etagOf = (response: Response) => (response.headers.get('etag') ?? '').replaceAll('"', '').slice(0, 80);

/**
 * The first `limit` bytes of an object and its size (one ranged GET: OSS answers 206 with
 * `Content-Range`, or 200 with the whole object when the range is past its end); null when OSS has
 * no such object, or it is empty (no range of it exists: 416).
 */
export async function readExternalHead(
  env: ReaderEnv,
  scope: ReadScope,
  key: string,
  limit: number,
): Promise<ExternalHead | null> {
  const response = await signedRequest(env, scope, key, { range: `bytes=0-${limit - 1}` }, [404, 416]);
  if (!response) return null;
  const { bytes, more } = await bytesOf(response, limit);
  const total = /\/(\d+)$/.exec(response.headers.get('content-range') ?? '')?.[1];
  const length = response.headers.get('content-length');
  let size: number;
  if (response.status === 206 && total !== undefined) size = Number(total);
  else if (response.status === 200 && length !== null) size = Number(length);
  else if (!more) size = bytes.length;
  else throw new Error(`OSS GetObject of ${key} told no size (${response.status})`);
  return { size, etag: etagOf(response), head: bytes };
}

/** An object's bytes, at most `maxBytes` (more is an error); null when OSS has no such object. */
export async function readExternalObject(
  env: ReaderEnv,
  scope: ReadScope,
  key: string,
  maxBytes: number,
): Promise<Buffer | null> {
  const response = await signedRequest(env, scope, key, {});
  if (!response) return null;
  const { bytes, more } = await bytesOf(response, maxBytes);
  if (more) throw new Error(`OSS object ${key} is over ${maxBytes} bytes`);
  return bytes;
}

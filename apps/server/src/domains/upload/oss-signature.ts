import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';
import type { Credential } from './credentials';
import { rawQuery } from './object-key';
import { hmacSha1 } from './policy';
import { liveCredential } from './post-object';
import { accessDenied, StorageHostError } from './storage-error';

/** How far x-oss-date may be from the server's clock. */
const CLOCK_SKEW_MS = 15 * 60_000;
const AUTHORIZATION = /^OSS ([^:\s]+):([A-Za-z0-9+/=]+)$/;

const header = (request: FastifyRequest, name: string): string => {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? '';
};

/** The OSS string to sign of docs/upload-protocol.md §2 (multipart requests). */
export function ossStringToSign(parts: {
  method: string;
  contentMd5: string;
  contentType: string;
  date: string;
  securityToken: string;
  bucket: string;
  key: string;
  subresource: string;
}): string {
  return [
    parts.method,
    parts.contentMd5,
    parts.contentType,
    parts.date,
    `x-oss-security-token:${parts.securityToken}\n/${parts.bucket}/${parts.key}${parts.subresource}`,
  ].join('\n');
}

/** Verifies a multipart request's header signature; returns its live credential. */
export async function verifyOssRequest(
  deps: AppDeps,
  request: FastifyRequest,
  bucket: string,
  key: string,
): Promise<Credential> {
  const match = AUTHORIZATION.exec(header(request, 'authorization'));
  if (!match) throw accessDenied('Authorization header must be "OSS accessKeyId:signature".');
  const securityToken = header(request, 'x-oss-security-token');
  const credential = await liveCredential(deps, match[1], securityToken);
  const date = header(request, 'x-oss-date');
  const when = Date.parse(date);
  if (Number.isNaN(when) || Math.abs(when - Date.now()) > CLOCK_SKEW_MS) {
    throw new StorageHostError(
      403,
      'RequestTimeTooSkewed',
      'The difference between the request time and the current time is too large.',
    );
  }
  const query = rawQuery(request);
  const expected = hmacSha1(
    credential.accessKeySecret,
    ossStringToSign({
      method: request.method,
      contentMd5: header(request, 'content-md5'),
      contentType: header(request, 'content-type'),
      date,
      securityToken,
      bucket,
      key,
      subresource: query ? `?${query}` : '',
    }),
  );
  if (expected !== match[2]) {
    throw new StorageHostError(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided.',
    );
  }
  return credential;
}

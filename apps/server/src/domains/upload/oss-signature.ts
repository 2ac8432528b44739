import { ossStringToSign } from '@h5/core';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';
import type { Credential } from './credentials';
import { rawQuery } from './object-key';
import { hmacSha1 } from './policy';
import { liveCredential } from './post-object';
import { accessDenied, StorageHostError, signatureDoesNotMatch } from './storage-error';

/** How far the signed date may be from the server's clock. */
const CLOCK_SKEW_MS = 15 * 60_000;
const AUTHORIZATION = /^OSS ([^:\s]+):([A-Za-z0-9+/=]+)$/;

/** A request header as one string (repeated headers joined as HTTP would). */
export const headerOf = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
};

/** The query of a request as sent, decoded, in order (repeats kept). */
export const queryPairs = (request: FastifyRequest): Array<[string, string]> => [
  ...new URLSearchParams(rawQuery(request)).entries(),
];

/** The V1 string to sign of a request as it arrived (docs/upload-protocol.md §2). */
export function requestStringToSign(request: FastifyRequest, bucket: string, key: string): string {
  const headers: Record<string, string | undefined> = {};
  for (const name of Object.keys(request.headers)) headers[name] = headerOf(request, name);
  return ossStringToSign({ method: request.method, headers, bucket, key, query: queryPairs(request) });
}

/**
 * Checks a request's OSS V1 header signature (`Authorization: OSS id:signature`, the security
 * token in `x-oss-security-token`, the date in `x-oss-date` or `Date`); returns its live credential.
 */
export async function verifyOssRequest(
  deps: AppDeps,
  request: FastifyRequest,
  bucket: string,
  key: string,
): Promise<Credential> {
  const authorization = headerOf(request, 'authorization');
  if (!authorization) throw accessDenied('AccessDenied: anonymous access is forbidden for this operation.');
  const match = AUTHORIZATION.exec(authorization);
  if (!match) throw invalidAuthorization();
  const credential = await liveCredential(deps, match[1], headerOf(request, 'x-oss-security-token'));
  const date = headerOf(request, 'x-oss-date') ?? headerOf(request, 'date') ?? '';
  const when = Date.parse(date);
  if (Number.isNaN(when) || Math.abs(when - Date.now()) > CLOCK_SKEW_MS) {
    throw new StorageHostError(
      403,
      'RequestTimeTooSkewed',
      'The difference between the request time and the current time is too large.',
      undefined,
      { RequestTime: date, ServerTime: new Date().toUTCString() },
    );
  }
  const stringToSign = requestStringToSign(request, bucket, key);
  if (hmacSha1(credential.accessKeySecret, stringToSign) !== match[2]) {
    throw signatureDoesNotMatch({ OSSAccessKeyId: credential.accessKeyId, StringToSign: stringToSign });
  }
  return credential;
}

const invalidAuthorization = () =>
  new StorageHostError(
    400,
    'InvalidArgument',
    'Authorization header is invalid: it must be "OSS accessKeyId:signature".',
    undefined,
    { ArgumentName: 'Authorization' },
  );

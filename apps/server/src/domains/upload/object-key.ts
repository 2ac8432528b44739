import type { FastifyRequest } from 'fastify';
import { isValidBucket, keyProblem } from '../../storage';
import { invalidObjectName } from './storage-error';

/** The raw path of a request (no query), as sent: percent-encoding intact. */
const rawPath = (request: FastifyRequest): string => (request.raw.url ?? '').split('?')[0] ?? '';

/** The raw query string (without `?`), exactly as sent. */
export const rawQuery = (request: FastifyRequest): string => {
  const url = request.raw.url ?? '';
  const at = url.indexOf('?');
  return at < 0 ? '' : url.slice(at + 1);
};

/**
 * The bucket and key of `{prefix}/{bucket}/{key}` read from the raw URL and decoded once; a bad
 * bucket or key (traversal, `//`, backslash, control characters, anything percent-decoding turns
 * into one of those, over 512 bytes) is InvalidObjectName.
 */
export function bucketAndKey(request: FastifyRequest, prefix: string): { bucket: string; key: string } {
  const rest = rawPath(request).slice(prefix.length + 1);
  const slash = rest.indexOf('/');
  const rawBucket = slash < 0 ? rest : rest.slice(0, slash);
  const rawKey = slash < 0 ? '' : rest.slice(slash + 1);
  let bucket: string;
  let key: string;
  try {
    bucket = decodeURIComponent(rawBucket);
    key = decodeURIComponent(rawKey);
  } catch {
    throw invalidObjectName('the object name is not valid percent-encoding');
  }
  if (!isValidBucket(bucket)) throw invalidObjectName(`invalid bucket: ${bucket}`);
  return { bucket, key };
}

/** Throws InvalidObjectName for a key the store would refuse. */
export function checkKey(key: string): void {
  const problem = keyProblem(key);
  if (problem) throw invalidObjectName(problem);
}

/** The key of the CDN path `/cdn/{key}`, checked. */
export function cdnKey(request: FastifyRequest): string {
  let key: string;
  try {
    key = decodeURIComponent(rawPath(request).slice('/cdn/'.length));
  } catch {
    throw invalidObjectName('the object name is not valid percent-encoding');
  }
  checkKey(key);
  return key;
}

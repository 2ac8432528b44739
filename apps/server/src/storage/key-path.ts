import { StoreError } from './object-store';

const BUCKET = /^[a-z0-9][a-z0-9-]{1,62}$/;
// The storage host's key rule (docs/upload-protocol.md §2); repeated here so no store trusts its caller.
const KEY_CHARS = /^[A-Za-z0-9._/!*'()~-]+$/;

/** True for a bucket name a store accepts: 2–63 of a-z, 0-9 and '-'. */
export const isValidBucket = (bucket: string): boolean => BUCKET.test(bucket);

/** Why a key is refused, or null when it is a safe object key (1–512 bytes, no traversal). */
export function keyProblem(key: string): string | null {
  if (key.length === 0) return 'empty key';
  if (Buffer.byteLength(key) > 512) return 'key longer than 512 bytes';
  if (!KEY_CHARS.test(key)) return "key has characters outside [A-Za-z0-9._/!*'()~-]";
  if (key.startsWith('/')) return 'key starts with /';
  if (key.includes('//')) return 'key has an empty segment (//)';
  if (key.endsWith('/')) return 'key ends with /';
  if (key.split('/').some((segment) => segment === '.' || segment === '..'))
    return 'key has a . or .. segment';
  return null;
}

/** Throws InvalidObjectName for a bad bucket or key. */
export function assertObjectName(bucket: string, key: string): void {
  if (!isValidBucket(bucket)) throw new StoreError('InvalidObjectName', `invalid bucket: ${bucket}`);
  const problem = keyProblem(key);
  if (problem) throw new StoreError('InvalidObjectName', problem);
}

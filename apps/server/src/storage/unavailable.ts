/**
 * Failures that mean "the object store cannot serve right now" (a full or failing disk, an S3
 * service that is down or overloaded), as opposed to "this request is wrong": the storage host,
 * the CDN and the server upload answer them with HTTP 503 (retry later) instead of a logged 500.
 */

/** Local disk: full, failing, read-only, out of file handles. */
const DISK_CODES = new Set(['ENOSPC', 'EDQUOT', 'EIO', 'EROFS', 'EMFILE', 'ENFILE']);

/** An S3 answer that is not a success: its status and S3 error code (`SlowDown`, `InternalError`). */
export class S3ResponseError extends Error {
  override readonly name = 'S3ResponseError';
  constructor(
    readonly status: number,
    readonly s3Code: string,
    what: string,
    options?: ErrorOptions,
  ) {
    super(`S3 ${what} failed: ${status} ${s3Code}`, options);
  }
}

/** The S3 service could not be reached or dropped the connection, after the SDK's retries. */
export class S3UnreachableError extends Error {
  override readonly name = 'S3UnreachableError';
  constructor(what: string, cause: Error) {
    super(`S3 ${what} failed: ${cause.message}`, { cause });
  }
}

function isUnavailableItself(error: object): boolean {
  if (error instanceof S3ResponseError) return error.status >= 500;
  if (error instanceof S3UnreachableError) return true;
  const { code } = error as { code?: unknown };
  return typeof code === 'string' && DISK_CODES.has(code);
}

/** True when `error`, or what it wraps (`cause`), says the object store cannot serve now. */
export function isStoreUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 5 || typeof error !== 'object' || error === null) return false;
  if (isUnavailableItself(error)) return true;
  return isStoreUnavailable((error as { cause?: unknown }).cause, depth + 1);
}

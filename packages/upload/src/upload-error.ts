/** Why an upload failed: a spec message, with the server's or the SDK's code when there is one. */
export class UploadError extends Error {
  override readonly name = 'UploadError';

  constructor(
    message: string,
    /** Storage host codes are strings (`SignatureDoesNotMatch`), envelope codes numbers; SDK codes: 'aborted', 'timeout', 'network'. */
    readonly code?: string | number,
    /** The HTTP status when an answer came. */
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** True for an {@link UploadError}. */
export function isUploadError(error: unknown): error is UploadError {
  return error instanceof UploadError;
}

const textOf = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

/**
 * The text of a failed upload (spec §8): the body's `msg`, else the response's `statusText`,
 * else `message`; works for envelopes, storage `{ code, message }` bodies, responses and errors.
 */
export function normaliseUploadError(error: unknown): string {
  if (typeof error === 'string') return error;
  if (error && typeof error === 'object') {
    const e = error as { msg?: unknown; statusText?: unknown; message?: unknown };
    const text = textOf(e.msg) ?? textOf(e.statusText) ?? textOf(e.message);
    if (text) return text;
  }
  return String(error);
}

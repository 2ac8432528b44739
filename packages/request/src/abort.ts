import { CLIENT_MESSAGES } from '@h5/core';
import { ApiError } from './api-error';

/** The rejection of a call its caller aborted (spec §8 'Request aborted'). */
export const abortedError = (cause?: unknown): ApiError =>
  new ApiError(CLIENT_MESSAGES.aborted, 0, 0, 'aborted', { cause });

/**
 * `promise`, or the aborted rejection as soon as `signal` aborts: a call waiting on a captcha or
 * a cookie resync stops waiting when its caller gives up (the shared wait goes on for the others).
 */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(abortedError(signal.reason));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortedError(signal.reason));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

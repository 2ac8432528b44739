import { CLIENT_MESSAGES, HTTP_CLIENT_DEFAULT_TIMEOUT_MS } from '@h5/core';
import { abortedError } from './abort';
import { ApiError } from './api-error';

/** What came back: the HTTP status and the body parsed as JSON (the text when it is not JSON). */
export interface RawResponse {
  status: number;
  body: unknown;
}

export interface SendOptions {
  /** The spec's HTTP client default (`HTTP_CLIENT_DEFAULT_TIMEOUT_MS`, 0) means none. */
  timeoutMs: number;
  /** The caller's signal. */
  signal?: AbortSignal | undefined;
  /** Runs when the time-out fires, before the call rejects. */
  onTimeout: () => void;
}

type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

const settle = <T>(promise: Promise<T>): Promise<Settled<T>> =>
  promise.then(
    (value) => ({ ok: true, value }),
    (error: unknown) => ({ ok: false, error }),
  );

function parseBody(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    // Not JSON (a gateway's HTML page, a bare text file): the text itself, for the caller to judge.
    return text;
  }
}

/**
 * One HTTP exchange with a time-out and the caller's abort (AbortController). The time-out covers
 * the body too. The exchange is also raced against the abort, so a fetch that ignores its signal
 * (old webviews) cannot outlive it. Rejects with an {@link ApiError}: timeout, aborted or network.
 */
export async function send(
  doFetch: typeof fetch,
  url: string,
  init: RequestInit,
  options: SendOptions,
): Promise<RawResponse> {
  const { signal, timeoutMs } = options;
  if (signal?.aborted) throw abortedError(signal.reason);
  const controller = new AbortController();
  let timedOut = false;
  const stopped = new Promise<Settled<never>>((resolve) => {
    controller.signal.addEventListener(
      'abort',
      () => resolve({ ok: false, error: controller.signal.reason }),
      {
        once: true,
      },
    );
  });
  const onCallerAbort = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', onCallerAbort, { once: true });
  const timer =
    timeoutMs > HTTP_CLIENT_DEFAULT_TIMEOUT_MS
      ? setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, timeoutMs)
      : undefined;
  const exchange = async (): Promise<RawResponse> => {
    const response = await doFetch(url, { ...init, signal: controller.signal });
    return { status: response.status, body: parseBody(await response.text()) };
  };
  try {
    const result = await Promise.race([settle(exchange()), stopped]);
    if (result.ok) return result.value;
    if (timedOut) {
      options.onTimeout();
      throw new ApiError(CLIENT_MESSAGES.timeout(timeoutMs), 0, 0, 'timeout', { cause: result.error });
    }
    if (signal?.aborted) throw abortedError(result.error);
    throw new ApiError(CLIENT_MESSAGES.network, 0, 0, 'network', { cause: result.error });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onCallerAbort);
  }
}

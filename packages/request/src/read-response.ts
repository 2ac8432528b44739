import type { Envelope } from '@h5/contract';
import {
  aiImageErrorText,
  CLIENT_MESSAGES,
  displayMessage,
  isHttpSuccessStatus,
  isLoginCode,
  isSuccessResponse,
  RISK_CHECK_STATUS,
  SUCCESS,
} from '@h5/core';
import { ApiError } from './api-error';
import { badRequestError, HTTP_BAD_REQUEST } from './bad-request';
import type { RawResponse } from './send';

/** What an answer means for the call (spec §8). */
export type Outcome =
  | { kind: 'success'; envelope: Envelope }
  | { kind: 'auth' | 'risk' | 'failure'; error: ApiError };

interface EnvelopeLike {
  code?: unknown;
  status?: unknown;
  msg?: unknown;
  message?: unknown;
  data?: unknown;
}

/** The body as an envelope: an object with a numeric `code` or `status`; otherwise undefined. */
function asEnvelope(body: unknown): EnvelopeLike | undefined {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const { code, status } = body as EnvelopeLike;
  return typeof code === 'number' || typeof status === 'number' ? (body as EnvelopeLike) : undefined;
}

/** `code`, else the envelope's own `status` (some endpoints answer with it, spec §8). */
const codeOf = (env: EnvelopeLike): number =>
  typeof env.code === 'number' ? env.code : (env.status as number);

/** The display text of a failed envelope: the AI-image text of its code, else msg or message (spec §8). */
const failureText = (env: EnvelopeLike): string => aiImageErrorText(codeOf(env)) ?? displayMessage(env);

/** Success as callers see it: `{ code, msg, data }` whatever the server's spelling. */
function normalise(env: EnvelopeLike): Envelope {
  const msg = typeof env.msg === 'string' ? env.msg : typeof env.message === 'string' ? env.message : '';
  return { code: codeOf(env), msg, data: env.data };
}

/**
 * Reads one answer, in this order: HTTP 485 is a risk check; code 700 / 7999 hand over to login;
 * a 400 envelope fails with a sentence for users (`badRequestError`); another status outside
 * 200–299 fails (the envelope's text when there is one, else the generic
 * 'Request failed with status code N'); then the success rule of `isSuccessResponse`;
 * anything else is a business failure. A bare endpoint (no envelope) succeeds on any 2xx.
 */
export function readResponse(expectsEnvelope: boolean, { status, body }: RawResponse): Outcome {
  const env = asEnvelope(body);
  if (status === RISK_CHECK_STATUS) {
    const message = env ? displayMessage(env) : CLIENT_MESSAGES.statusCode(status);
    return {
      kind: 'risk',
      error: new ApiError(message, env ? codeOf(env) : status, status, 'risk', { data: env?.data }),
    };
  }
  if (env && isLoginCode(codeOf(env))) {
    return {
      kind: 'auth',
      error: new ApiError(displayMessage(env), codeOf(env), status, 'auth', { data: env.data }),
    };
  }
  if (status === HTTP_BAD_REQUEST && env)
    return { kind: 'failure', error: badRequestError(normalise(env).msg, codeOf(env), env.data) };
  if (!isHttpSuccessStatus(status)) {
    const error = env
      ? new ApiError(failureText(env), codeOf(env), status, 'http', { data: env.data })
      : new ApiError(CLIENT_MESSAGES.statusCode(status), status, status, 'http');
    return { kind: 'failure', error };
  }
  if (!expectsEnvelope) return { kind: 'success', envelope: { code: SUCCESS, msg: '', data: body } };
  if (!env) {
    // 2xx without an envelope (an HTML fallback page, an empty body): nothing readable to show.
    return { kind: 'failure', error: new ApiError(displayMessage(null), status, status, 'http') };
  }
  if (isSuccessResponse(env)) return { kind: 'success', envelope: normalise(env) };
  return {
    kind: 'failure',
    error: new ApiError(failureText(env), codeOf(env), status, 'business', { data: env.data }),
  };
}

/**
 * The error a browser call would fail with for this answer (a failed envelope and its HTTP
 * status): the server's in-process calls throw it, so loaders narrow one type everywhere.
 */
export function apiErrorOf(status: number, body: unknown): ApiError {
  const outcome = readResponse(true, { status, body });
  return outcome.kind === 'success'
    ? new ApiError(displayMessage(null), status, status, 'http')
    : outcome.error;
}

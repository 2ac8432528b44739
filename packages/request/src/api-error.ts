import { API_ERROR, hasApiErrorMark } from './api-error-mark';

/**
 * True for an {@link ApiError} (of any copy of this module): narrow with it, never by `.code`.
 * api-error-brand.ts holds the same test for code that must not ship the class.
 */
export function isApiError(error: unknown): error is ApiError {
  return hasApiErrorMark(error);
}

/**
 * Why a call failed:
 * - `business`: the server answered an envelope outside the success rule (spec §8);
 * - `auth`: code 700 or 7999, the login handler ran;
 * - `risk`: HTTP 485 that no captcha cleared (no handler, challenge failed, or 485 again on replay);
 * - `http`: a status outside 200–299, or a body that is not an envelope;
 * - `network`, `timeout`, `aborted`: no answer (the generic client texts of spec §8);
 * - `declined`: the client is flagged as declined and sent nothing.
 */
export type ApiErrorKind =
  | 'business'
  | 'auth'
  | 'risk'
  | 'http'
  | 'network'
  | 'timeout'
  | 'aborted'
  | 'declined';

export interface ApiErrorDetails {
  /** The envelope's `data`, when the failure came with one (a 485 says which captcha). */
  data?: unknown;
  cause?: unknown;
  /**
   * A 400's refused fields and their reasons, from its data (`{ mobile: '请填写正确的 11 位手机号' }`):
   * a form shows each reason under its own input.
   */
  fields?: Readonly<Record<string, string>> | undefined;
  /** The server's own text where `message` is a sentence for users in its place: for logs and the debug console. */
  serverMessage?: string | undefined;
}

/**
 * A failed call, the one error type of every call: the browser client's, and the server's
 * in-process (SSR) call, which throws the same error the browser would get from the answer.
 * `message` is the text to show (spec §8 rules applied; a 400's msg is never shown, see
 * `bad-request.ts`); `code` is the envelope's
 * code, else the HTTP status, else 0 when no answer came; `httpStatus` is 0 when no answer came.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly data: unknown;
  /** See {@link ApiErrorDetails}: set for a 400 only. */
  readonly fields: Readonly<Record<string, string>> | undefined;
  readonly serverMessage: string | undefined;
  readonly [API_ERROR] = true;

  /** `instanceof` holds for an ApiError of any copy of this module. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return isApiError(value);
  }

  constructor(
    message: string,
    readonly code: number,
    readonly httpStatus: number,
    readonly kind: ApiErrorKind = 'business',
    details: ApiErrorDetails = {},
  ) {
    super(message, 'cause' in details ? { cause: details.cause } : undefined);
    this.data = details.data;
    this.fields = details.fields;
    this.serverMessage = details.serverMessage;
  }
}

import { API_ERROR, type ApiErrorKind, type ApiErrorShape, isApiError } from './api-error-brand';

export { API_ERROR, type ApiErrorKind, isApiError };

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
export class ApiError extends Error implements ApiErrorShape {
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

/**
 * The mark and the shape of an ApiError, apart from the class (api-error.ts), so code that only
 * narrows errors does not ship it (first-load JS). The class imports this module, never the other
 * way round.
 */

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

/** What an {@link ApiError} carries, as code that narrows one reads it. */
export interface ApiErrorShape extends Error {
  readonly code: number;
  readonly httpStatus: number;
  readonly kind: ApiErrorKind;
  /** The envelope's `data`, when the failure came with one (a 485 says which captcha). */
  readonly data: unknown;
  /** A 400's refused fields and their reasons, from its data: a form shows each under its input. */
  readonly fields: Readonly<Record<string, string>> | undefined;
  /** The server's own text where `message` is a sentence for users: for logs and the debug console. */
  readonly serverMessage: string | undefined;
}

/**
 * The mark of an ApiError, shared by every copy of this module: the server bundle and the web
 * build each carry their own, and an error thrown by one must still be an ApiError to the other.
 */
export const API_ERROR = Symbol.for('@h5/request.ApiError');

/** True for an ApiError (of any copy of this module): narrow with it, never by `.code`. */
export function isApiError(error: unknown): error is ApiErrorShape {
  return (
    typeof error === 'object' && error !== null && (error as { [API_ERROR]?: unknown })[API_ERROR] === true
  );
}

import type { ApiError } from './api-error';

/**
 * The mark of an ApiError, shared by every copy of this module: the server bundle and the web
 * build each carry their own, and an error thrown by one must still be an ApiError to the other.
 * Apart from the class, so code that only narrows errors does not ship it (first-load JS).
 */
export const API_ERROR = Symbol.for('@h5/request.ApiError');

/** True for an {@link ApiError} (of any copy of this module): narrow with it, never by `.code`. */
export function isApiError(error: unknown): error is ApiError {
  return (
    typeof error === 'object' && error !== null && (error as { [API_ERROR]?: unknown })[API_ERROR] === true
  );
}

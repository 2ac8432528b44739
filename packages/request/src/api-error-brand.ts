import type { ApiError } from './api-error';
import { hasApiErrorMark } from './api-error-mark';

export { API_ERROR } from './api-error-mark';

/**
 * True for an {@link ApiError} (of any copy of this module): narrow with it, never by `.code`.
 * Apart from the class, so code that only narrows errors does not ship it (first-load JS).
 */
export function isApiError(error: unknown): error is ApiError {
  return hasApiErrorMark(error);
}

/**
 * The mark of an ApiError, shared by every copy of this module: the server bundle and the web
 * build each carry their own, and an error thrown by one must still be an ApiError to the other.
 * A module of its own, importing nothing: the class (api-error.ts) and the narrowing without the
 * class (api-error-brand.ts) both read it and never import each other's values.
 */
export const API_ERROR = Symbol.for('@h5/request.ApiError');

/** True for a value that carries the mark. */
export function hasApiErrorMark(value: unknown): boolean {
  return (
    typeof value === 'object' && value !== null && (value as { [API_ERROR]?: unknown })[API_ERROR] === true
  );
}

import { NOT_FOUND } from '@h5/core';
import { data } from 'react-router';

const HTTP_NOT_FOUND = 404;

/** For a loader to throw when its content, user or topic does not exist: HTTP 404, the not-found screen. */
export const notFound = () => data(null, { status: HTTP_NOT_FOUND });

/**
 * True when a failed API call (browser or SSR) is the not-found code. The one place that reads
 * an error's code for it: with the server's typed error (issue 13 point 4, `isApiError`) this
 * becomes `isApiError(error) && error.code === NOT_FOUND`.
 */
export const isNotFoundError = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === NOT_FOUND;

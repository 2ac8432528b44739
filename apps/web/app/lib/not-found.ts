import { NOT_FOUND } from '@h5/core';
import { isApiError } from '@h5/request/api-error-brand';
import { data } from 'react-router';

const HTTP_NOT_FOUND = 404;

/**
 * For a loader to throw when its content, user or topic does not exist: HTTP 404, the not-found
 * screen, saying what is missing when given (`MISSING_TEXT` of lib/ui-text/missing.ts).
 */
export const notFound = (what?: string) => data(what ?? null, { status: HTTP_NOT_FOUND });

/** True when a failed API call (browser or SSR: the same `ApiError`) is the not-found code. */
export const isNotFoundError = (error: unknown): boolean => isApiError(error) && error.code === NOT_FOUND;

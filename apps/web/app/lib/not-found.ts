import { NOT_FOUND } from '@h5/core';
import { isApiError } from '@h5/request/api-error-brand';
import { data } from 'react-router';

const HTTP_NOT_FOUND = 404;

/** What a loader's 404 says: the missing thing's words and the title its page keeps. */
export interface MissingSaid {
  what: string;
  title: string;
}

/**
 * For a loader to throw when its content, user or topic does not exist: HTTP 404, the not-found
 * screen, saying what is missing when given (`MISSING_TEXT` of lib/ui-text/missing.ts) under the
 * page's own title (issue 28 point 5: a deleted post's page is still 内容详情).
 */
export const notFound = (said?: MissingSaid) => data(said ?? null, { status: HTTP_NOT_FOUND });

/** True when a failed API call (browser or SSR: the same `ApiError`) is the not-found code. */
export const isNotFoundError = (error: unknown): boolean => isApiError(error) && error.code === NOT_FOUND;

import type { QUERY_PARAMS } from '@h5/core';

/** A query parameter the pages read (spec §2), by core's names. */
export type QueryName = (typeof QUERY_PARAMS)[keyof typeof QUERY_PARAMS];

/** One query parameter of a URL or search string; null when absent. */
export function readQuery(search: string | URLSearchParams, name: QueryName): string | null {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  return params.get(name);
}

/** The `?redirect=` parameter of the login page (ours, not the spec's). */
export const REDIRECT_PARAM = 'redirect';

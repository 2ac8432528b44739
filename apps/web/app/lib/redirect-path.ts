import { sameOriginPath } from '@h5/core';

// Apart from query-params.ts (which the feed's top bar reaches, so it is in first-load JS): only
// the login page needs this, and core's URL rules with it.

/**
 * A same-origin path to go to after login (core's `sameOriginPath`: resolved, re-serialised, no
 * control characters or backslashes), else the fallback, so `?redirect=` is never an open redirect.
 */
export function safeRedirectPath(value: string | null, fallback = '/'): string {
  return sameOriginPath(value) ?? fallback;
}

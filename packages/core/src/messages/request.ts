/** Texts the request layer shows for a failed response (spec strings, verbatim). */
export const REQUEST_MESSAGES = {
  /** Replaces a message that looks like HTML (a proxy or gateway error page). */
  networkError: 'network error',
  /** Shown when a failed response carries no message. */
  loadFailed: 'loading failed, please retry',
} as const;

/** The empty / network-error / loading placeholder (spec strings, verbatim). */
export const PLACEHOLDER_MESSAGES = {
  empty: 'no content yet',
  networkError: 'Network is weak, please check settings and retry',
  refreshNetwork: 'refresh network',
  loading: 'loading',
} as const;

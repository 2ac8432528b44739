/** Texts the request layer shows for a failed response, as users see them (zh-CN). */
export const REQUEST_MESSAGES = {
  /** Replaces a message that looks like HTML (a proxy or gateway error page). */
  networkError: '网络错误',
  /** Shown when a failed response carries no message. */
  loadFailed: '加载失败，请重试',
} as const;

/** The same in the `en` locale: the spec's strings, verbatim. */
export const REQUEST_MESSAGES_EN = {
  networkError: 'network error',
  loadFailed: 'loading failed, please retry',
} as const satisfies Record<keyof typeof REQUEST_MESSAGES, string>;

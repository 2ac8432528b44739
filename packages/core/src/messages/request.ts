/** Texts the request layer shows for a failed response, as users see them (zh-CN). */
export const REQUEST_MESSAGES = {
  /** Replaces a message that looks like HTML (a proxy or gateway error page). */
  networkError: '网络错误',
  /** Shown when a failed response carries no message. */
  loadFailed: '加载失败，请重试',
  /**
   * Not a spec text: replaces a 400's msg (`field: reason`, written for developers) wherever users
   * would read it (issue 26 point 8); forms show the reason under their own field instead.
   */
  badRequest: '信息有误，请检查后重试',
} as const;

/** The same in the `en` locale: the spec's strings, verbatim. */
export const REQUEST_MESSAGES_EN = {
  networkError: 'network error',
  loadFailed: 'loading failed, please retry',
  badRequest: 'something in the request is wrong, please check and retry',
} as const satisfies Record<keyof typeof REQUEST_MESSAGES, string>;

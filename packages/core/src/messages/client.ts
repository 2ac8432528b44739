/** Generic HTTP client errors (spec §8, transport), as users see them (zh-CN). */
export const CLIENT_MESSAGES = {
  statusCode: (status: number) => `请求失败，状态码 ${status}`,
  network: '网络错误',
  timeout: (ms: number) => `请求超时（${ms} 毫秒）`,
  aborted: '请求已取消',
  /** Not a spec text: the spec only says a declined client rejects its requests. */
  declined: (reason?: string) => (reason ? `请求被拒绝：${reason}` : '请求被拒绝'),
} as const;

/** The same in the `en` locale: the spec's strings, verbatim. */
export const CLIENT_MESSAGES_EN = {
  statusCode: (status: number) => `Request failed with status code ${status}`,
  network: 'Network Error',
  timeout: (ms: number) => `timeout of ${ms} ms exceeded`,
  aborted: 'Request aborted',
  declined: (reason?: string) => (reason ? `Request declined: ${reason}` : 'Request declined'),
} as const satisfies {
  [K in keyof typeof CLIENT_MESSAGES]: (typeof CLIENT_MESSAGES)[K] extends string
    ? string
    : (typeof CLIENT_MESSAGES)[K];
};

/** The server's own envelope messages (the spec leaves them open; docs/api.md lists them). */
export const SERVER_MESSAGES = {
  success: 'success',
  signMissing: 'sign missing',
  signMismatch: 'sign mismatch',
  tokenExpired: 'login expired, please log in again',
  tourist: 'please log in',
  notFound: 'not found',
  internal: 'internal error',
  /** The database cannot serve (down, restarting, failing disk): HTTP 503, retry later. */
  serviceUnavailable: '服务暂时不可用，请稍后重试',
  /** A body over the route's limit: HTTP 413, the limit named (e.g. 不能超过 1 MB（1048576 字节）). */
  payloadTooLarge: (limit: string, bytes: number) => `请求体过大：不能超过 ${limit}（${bytes} 字节）`,
  configNotFound: 'config not found',
  riskCheck: 'too many requests: please pass the captcha, then try again',
  captchaChallengeNotFound: 'captcha challenge not found',
  badUrl: 'url: 网址中有无效的百分号编码',
  internalForbidden: '内部页面和接口只对本机或带运维令牌（x-operator-token）的请求开放',
} as const;

/** The server's own envelope messages (the spec leaves them open; docs/api.md lists them). */
export const SERVER_MESSAGES = {
  success: 'success',
  signMissing: 'sign missing',
  signMismatch: 'sign mismatch',
  tokenExpired: 'login expired, please log in again',
  tourist: 'please log in',
  notFound: 'not found',
  internal: 'internal error',
  configNotFound: 'config not found',
  riskCheck: 'too many requests: please pass the captcha, then try again',
  captchaChallengeNotFound: 'captcha challenge not found',
  badUrl: 'url: 网址中有无效的百分号编码',
  internalForbidden: '内部页面和接口只对本机或带运维令牌（x-operator-token）的请求开放',
} as const;

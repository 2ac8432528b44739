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
  loginCodeInvalid: 'login code is wrong or expired',
  loginCodeTooFrequent: 'a code was sent less than 60 seconds ago, please wait',
  configNotFound: 'config not found',
  riskCheck: 'too many requests: please pass the captcha, then try again',
  captchaChallengeNotFound: 'captcha challenge not found',
} as const;

/**
 * The server's own envelope messages (the spec leaves them open; docs/api.md lists them). Users
 * see them (toasts, the login page), so they are Chinese (DESIGN.md §6); `success` is the
 * success envelope's msg, which no screen shows.
 */
export const SERVER_MESSAGES = {
  success: 'success',
  signMissing: '请求缺少签名（sign）',
  signMismatch: '请求签名（sign）不正确',
  tokenExpired: '登录已过期，请重新登录',
  tourist: '请先登录',
  notFound: '请求的资源不存在',
  internal: '服务器开小差了，请稍后重试',
  /** The database cannot serve (down, restarting, failing disk): HTTP 503, retry later. */
  serviceUnavailable: '服务暂时不可用，请稍后重试',
  /** A body over the route's limit: HTTP 413, the limit named (e.g. 不能超过 1 MB（1048576 字节）). */
  payloadTooLarge: (limit: string, bytes: number) => `请求体过大：不能超过 ${limit}（${bytes} 字节）`,
  configNotFound: '配置不存在',
  riskCheck: '请求过于频繁：请先完成验证，再重试',
  captchaChallengeNotFound: '验证已失效，请重新验证',
  badUrl: 'url: 网址中有无效的百分号编码',
  internalForbidden: '内部页面和接口只对本机或带运维令牌（x-operator-token）的请求开放',
  /** Backstage (issue 30): an operator call without an operator session (HTTP 401). */
  operatorLoginRequired: '请先登录运营后台',
  operatorRoleForbidden: (role: string) => `当前角色（${role}）无权进行此操作`,
  operatorRequestRefused: (why: string) => `后台请求被拒绝：${why}`,
  operatorCredentialsInvalid: '账号、密码或动态验证码不正确',
  operatorLocked: (minutes: number) => `登录失败次数过多，账号已锁定，请 ${minutes} 分钟后再试`,
  operatorTotpRequired: '请输入 6 位动态验证码',
  /** Moderation (issue 30 point 3): a public write while a writing ban runs (the end in China time). */
  writeBanned: (until: string, reason: string) => `你已被禁止发言至 ${until}，原因：${reason}`,
} as const;

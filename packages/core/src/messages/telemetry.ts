/** Texts reported to telemetry (and, for render errors, the reason the error page shows). */
export const TELEMETRY_MESSAGES = {
  renderError: '渲染错误',
  webviewCookieMissing: '客户端 Webview Cookie 缺失',
  captchaSdkLoadFailed: '加载验证码SDK失败',
  whiteScreenRisk: '白屏风险',
  scriptLoadFailed: (url: string) => `脚本加载失败，URL：${url}`,
} as const;

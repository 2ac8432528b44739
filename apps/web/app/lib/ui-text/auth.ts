/**
 * Login page UI labels the specification does not write, in Chinese for the product (spec strings
 * live in core's message sections). One module per area so a route ships only its own labels
 * (first-load JS budget, DESIGN.md §8).
 */
export const AUTH_TEXT = {
  pageTitle: '登录',
  title: '手机号登录',
  subtitle: '未注册的手机号验证后将自动创建账号',
  phoneLabel: '手机号',
  phonePlaceholder: '请输入手机号',
  codeLabel: '验证码',
  codePlaceholder: '请输入 6 位验证码',
  sendCode: '获取验证码',
  resendIn: (seconds: number) => `${seconds} 秒后重发`,
  codeSent: '验证码已发送',
  submit: '登录',
  submitting: '登录中…',
  invalidPhone: '请输入 11 位手机号',
  invalidCode: '请输入 6 位数字验证码',
  devOutboxTitle: '开发环境验证码',
  devOutboxNote: '仅开发环境显示，生产环境不会出现',
  devOutboxEmpty: '暂无验证码，请先获取',
  devOutboxRefresh: '刷新',
  nativeTitle: '登录后继续',
  nativeHint: '请在 App 的登录窗口中完成登录',
  nativeOpen: '打开登录',
  logout: '退出登录',
  loggingOut: '正在退出…',
  /** The consent line under the web login's button: before, the two links, between, after. */
  consentBefore: '登录即表示你已阅读并同意',
  consentAnd: '和',
  userAgreement: '《用户协议》',
  privacyPolicy: '《隐私政策》',
} as const;

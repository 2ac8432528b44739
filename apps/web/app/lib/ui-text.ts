/**
 * UI labels the specification does not write, in Chinese for the product. Spec strings live in
 * core's MESSAGES; these are ours, kept in this one file, one named group per area so a route
 * ships only its own group (first-load JS budget, DESIGN.md §8).
 */
export const SHELL_TEXT = {
  siteTitle: '社区',
  back: '返回',
  backHome: '回到首页',
  notFound: '页面不存在',
} as const;

export const FEED_TEXT = {
  title: '推荐',
  description: '发现好物与穿搭灵感',
  login: '登录',
  refresh: '刷新',
  pullToRefresh: '下拉刷新',
  releaseToRefresh: '释放刷新',
  refreshing: '正在刷新…',
  end: '— 已经到底了 —',
  videoBadge: '视频',
  lights: '点亮',
} as const;

export const DETAIL_TEXT = {
  title: '内容详情',
} as const;

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
} as const;

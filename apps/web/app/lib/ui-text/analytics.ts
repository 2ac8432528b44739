/** Labels of the internal telemetry page (ours; the reported texts themselves are the spec's). */
export const ANALYTICS_TEXT = {
  telemetryTitle: '客户端上报',
  all: '全部',
  kinds: {
    'render-error': '渲染错误',
    'white-screen': '白屏',
    'script-load': '脚本加载',
    timeout: '超时',
    'missing-cookie': 'Cookie 缺失',
    'captcha-sdk': '验证码',
  },
  filterLabel: '按类型筛选',
  page: '页面',
  flowType: '染色',
  userAgent: 'UA',
  next: '下一页',
  first: '回到最新',
} as const;

/**
 * Shell (every page) UI labels the specification does not write, in Chinese for the product (spec strings
 * live in core's message sections). One module per area so a route ships only its own labels
 * (first-load JS budget, DESIGN.md §8).
 */
export const SHELL_TEXT = {
  siteTitle: '社区',
  back: '返回',
  backHome: '回到首页',
  notFound: '页面不存在',
} as const;

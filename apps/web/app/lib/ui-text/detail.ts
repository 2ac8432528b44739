/**
 * Content detail page UI labels the specification does not write, in Chinese for the product (spec strings
 * live in core's message sections). One module per area so a route ships only its own labels
 * (first-load JS budget, DESIGN.md §8).
 */
export const DETAIL_TEXT = {
  title: '内容详情',
  report: '举报',
  light: '点亮',
  commentEntry: '说点什么…',
} as const;

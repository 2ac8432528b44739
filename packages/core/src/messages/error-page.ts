/** The error page (spec strings, verbatim). */
export const ERROR_PAGE_MESSAGES = {
  title: 'Oops，页面开小差了，刷新试试',
  // The spec shows a refresh button without a label.
  refresh: '刷新',
} as const;

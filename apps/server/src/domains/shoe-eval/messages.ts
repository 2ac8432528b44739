/** The shoe evaluations' refusals (issue 17 point 3; codes in docs/api.md). */
export const SHOE_EVAL_MESSAGES = {
  notOpen: '该商品未开放评价',
  alreadyEvaluated: '你已经评价过这双鞋，每人只能评价一次',
} as const;

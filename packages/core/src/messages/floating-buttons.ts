/** The non-production floating buttons (spec strings, verbatim). */
export const FLOATING_BUTTONS_MESSAGES = {
  copyLink: '复制链接',
  copySuccess: '复制成功',
  copyFailure: '复制失败',
  downgrade: '一键降级',
  cancelDowngrade: '取消降级',
} as const;

/**
 * The confirmation dialog (shell/ConfirmDialog.tsx) and the steps it guards (issue 28 point 13),
 * in Chinese; apart from shell.ts so first-load JS does not carry them.
 */
export const CONFIRM_TEXT = {
  cancel: '取消',
  unfollowTitle: (name: string) => `不再关注「${name}」？`,
  unfollowTitleAnonymous: '不再关注 TA？',
  unfollowHint: '关注里将不再出现 TA 的更新',
  unfollow: '不再关注',
  logoutTitle: '退出登录？',
  logoutHint: '退出后需重新登录才能点亮和评论',
  logout: '退出登录',
} as const;

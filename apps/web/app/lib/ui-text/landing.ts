/** The share landing in the app (issue 12): what a share link shows while its native screen opens. */
export const LANDING_TEXT = {
  title: '打开 App 页面',
  opening: '正在 App 中打开…',
  opened: '已在 App 中打开',
  failed: '未能在 App 中打开',
  hint: '如果页面没有跳转，可以在网页中查看。',
  retry: '再次打开',
  web: '在网页中查看',
  home: '返回首页',
} as const;

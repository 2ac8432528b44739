/**
 * The web image viewer outside the app (packages/bridge). Not spec texts: the spec names a native
 * image preview only; these label the web stand-in for screen readers.
 */
export const IMAGE_VIEWER_MESSAGES = {
  dialog: '图片预览',
  close: '关闭',
  previous: '上一张',
  next: '下一张',
  position: (index: number, total: number) => `${index}/${total}`,
} as const;

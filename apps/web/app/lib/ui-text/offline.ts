/** Offline reading (issue 33 point 5), zh-CN; its own module so first-load JS ships none of it. */
export const OFFLINE_TEXT = {
  /** The mark on a page answered from the offline copy: 离线内容 · 3分钟前保存. */
  mark: (saved: string) => `离线内容 · ${saved}保存`,
  lightQueued: '已离线点亮，联网后自动同步',
} as const;

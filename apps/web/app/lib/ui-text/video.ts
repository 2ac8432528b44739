/** The video player's labels (its own chunk: a module of their own, not the detail's texts). */
export const VIDEO_TEXT = {
  label: '视频',
  failed: '视频加载失败',
  retry: '重试',
} as const;

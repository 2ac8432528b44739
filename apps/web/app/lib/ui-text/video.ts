/** The video players' labels (their own chunks: a module of their own, not the detail's texts). */
export const VIDEO_TEXT = {
  label: '视频',
  failed: '视频加载失败',
  retry: '重试',
  play: '播放视频',
  duration: (clock: string) => `时长 ${clock}`,
  player: '热门视频播放',
  close: '关闭',
  previous: '上一个视频',
  next: '下一个视频',
  pause: '暂停',
  resume: '继续播放',
  unmute: '打开声音',
  mute: '静音',
  end: '已经是最后一个了',
  hint: '上下滑动切换视频',
  light: '点亮',
} as const;

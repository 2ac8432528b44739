/** Labels of the internal upload console (ours; the SDK's refusals are the spec's texts). */
export const UPLOAD_TEXT = {
  title: '上传控制台',
  intro: '选择文件后立即上传。大文件按 819200 字节分片，刷新页面后重新选择同一文件会从已上传的分片继续。',
  loginFirst: '登录后才能上传文件',
  login: '去登录',
  modeLabel: '上传方式',
  modes: { auto: '自动', direct: '直传', multipart: '分片' },
  pick: '选择文件',
  empty: '还没有上传任何文件',
  statuses: { checking: '校验中', uploading: '上传中', done: '已完成', error: '上传失败' },
  parts: (done: number, total: number) => `分片 ${done}/${total}`,
  size: (mb: string) => `${mb} MB`,
  retry: '重试',
  open: '查看文件',
  previewAlt: (name: string) => `${name} 的 webp 预览`,
  progressLabel: (name: string) => `${name} 上传进度`,
} as const;

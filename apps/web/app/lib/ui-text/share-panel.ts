/**
 * The share panel in a browser (issue 28 point 10) and the one way sharing says what happened,
 * everywhere (the invitation's texts are made of these). Apart from the share button's labels: the
 * panel loads on the first share, never with the content detail (first-load JS, DESIGN.md §8).
 */
export const SHARE_PANEL_TEXT = {
  title: '分享给好友',
  close: '关闭',
  /** The link was copied: said the same way for a content, a user home and an invitation. */
  linkCopied: '链接已复制，快发给好友吧',
  copyFailed: '复制失败，请长按链接手动复制',
  copyLink: '复制链接',
  linkLabel: '分享链接',
  /** In WeChat the page cannot open the share sheet itself: its own menu shares what we set. */
  wechatHint: '点击右上角「…」，发送给朋友或分享到朋友圈',
  poster: '生成海报',
  posterMaking: '海报生成中…',
  posterFailed: '海报生成失败，请稍后重试',
  posterAlt: (title: string) => `「${title}」的分享海报`,
  posterSave: '保存图片',
  posterHint: '长按图片保存到相册，或',
  posterScan: '长按识别二维码',
  posterNote: '查看完整内容',
  posterBrand: '社区 · 发现好物与穿搭灵感',
  more: '更多方式',
} as const;

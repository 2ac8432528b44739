/** The 消息 page and the feed header's entry (issue 32 point 3); the spec writes no texts for them. */
export const MESSAGE_TEXT = {
  title: '消息',
  /** The feed header's entry: its label, and what a reader of the badge hears. */
  entry: '消息',
  entryUnread: (n: number) => `消息，${n} 条未读`,
  tabs: '消息类型',
  tab: { reply: '评论', light: '点亮', follow: '关注', system: '通知' },
  /** A badge shows at most this, then 99+. */
  badge: (n: number) => (n > 99 ? '99+' : String(n)),
  unread: '未读',
  replied: '评论了你',
  answered: '回复了你',
  lit: '点亮了你的内容',
  followed: '关注了你',
  systemName: '系统通知',
  replyGone: '该评论已删除',
  contentGone: '内容已不可见',
  empty: {
    reply: '还没有人评论你',
    light: '还没有人点亮你的内容',
    follow: '还没有人关注你',
    system: '暂无通知',
  },
} as const;

/** User home, topic, jump-fallback and share labels the specification does not write. */
export const SOCIAL_TEXT = {
  userHome: '个人主页',
  hotVideo: '热门视频',
  hotTab: '热门',
  rankTab: '排行榜',
  weekLights: (n: string) => `本周点亮 ${n}`,
  newCommodity: '新品种草',
  newBadge: '新品',
  myFollowing: '我的关注',
  followingEmpty: '还没有关注任何人',
  followedAt: (date: string) => `${date} 关注`,
  /** The original poster of a thread. */
  lz: '楼主',
  topicStats: '话题数据',
  topicTop: '最热内容',
  lights: '点亮',
  authors: '参与',
  topic: '话题',
  follow: '关注',
  following: '已关注',
  followers: '粉丝',
  followingCount: '关注',
  contents: '作品',
  notFound: '内容不存在',
  userNotFound: '用户不存在',
  end: '— 已经到底了 —',
  share: '分享',
  /** In WeChat the page cannot open the share sheet itself: its own menu shares what we set. */
  wechatHint: '点击右上角 ··· 分享给朋友',
  /** The share code could not be loaded (offline, a new deploy). */
  shareUnavailable: '分享暂不可用，请稍后重试',
  /** Share text when a page has no description of its own. */
  shareContent: '来社区看看',
  userShareTitle: (name: string) => `${name}的主页`,
  topicTitle: (name: string) => `#${name}`,
} as const;

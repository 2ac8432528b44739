/**
 * Feed page UI labels the specification does not write, in Chinese for the product (spec strings
 * live in core's message sections). One module per area so a route ships only its own labels
 * (first-load JS budget, DESIGN.md §8).
 */
export const FEED_TEXT = {
  title: '推荐',
  /** The 关注 tab (issue 32 point 4): the contents of the people one follows. */
  following: '关注',
  channels: '频道',
  hotVideo: '热门视频',
  newCommodity: '新品',
  myHome: '我的主页',
  description: '发现好物与穿搭灵感',
  login: '登录',
  refresh: '刷新',
  pullToRefresh: '下拉刷新',
  releaseToRefresh: '释放刷新',
  refreshing: '正在刷新…',
  end: '— 已经到底了 —',
  videoBadge: '视频',
  lights: '点亮',
  search: '搜索',
} as const;

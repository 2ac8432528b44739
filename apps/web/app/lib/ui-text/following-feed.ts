/** The 关注 feed (issue 32 point 4), zh-CN; its own module so the 推荐 feed ships none of it. */
export const FOLLOWING_FEED_TEXT = {
  title: '关注',
  loginPrompt: '登录后查看你关注的人发布的内容',
  login: '去登录',
  empty: '你还没有关注任何人，去推荐里看看感兴趣的作者吧',
  toRecommend: '去推荐看看',
} as const;

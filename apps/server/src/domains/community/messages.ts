import { CONTENT_MESSAGES } from '../content/messages';

/**
 * The community domain's refusals (comments, follows, users), shown to the user as the
 * envelope's msg (the spec writes no texts for them); listed in docs/api.md.
 */
export const COMMUNITY_MESSAGES = {
  contentNotFound: CONTENT_MESSAGES.notFound,
  replyNotFound: '评论不存在或已被删除',
  replyNotOwned: '只能删除自己的评论',
  followSelf: '不能关注自己',
  userNotFound: '用户不存在',
} as const;

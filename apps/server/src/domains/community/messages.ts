import { CONTENT_MESSAGES } from '../content/messages';

/**
 * The community domain's refusals (comments, follows, users), shown to the user as the
 * envelope's msg (the spec writes no texts for them); listed in docs/api.md.
 */
export const COMMUNITY_MESSAGES = {
  contentNotFound: CONTENT_MESSAGES.notFound,
  replyNotFound: '评论不存在或已被删除',
  replyNotOwned: '只能删除自己的评论',
  replyRequestIdReused: '这条评论的请求编号已用于另一条评论，请重新发送',
  followSelf: '不能关注自己',
  userNotFound: '用户不存在',
} as const;

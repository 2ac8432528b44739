import { contract } from '@h5/contract';

/**
 * The API reads the service worker keeps for offline reading (issue 33 point 5): the feeds, a
 * content and its comments, a user's home. Nothing private (messages, the data centre, orders)
 * is kept, and what is kept is the current reader's until logout (docs/decisions/025-offline-reading.md).
 */
export const OFFLINE_API_PATHS: string[] = [
  contract.content.moreRecommend,
  contract.content.followingFeed,
  contract.content.newCommodityContents,
  contract.content.hotVideoList,
  contract.content.tagContents,
  contract.content.contentDetail,
  contract.content.trendDetail,
  contract.community.replyList,
  contract.community.fullReplyList,
  contract.community.uhomepageContents,
  contract.community.uhomepageProfile,
].map((endpoint) => endpoint.path);

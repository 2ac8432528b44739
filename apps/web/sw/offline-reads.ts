import { contract, entryNameOf } from '@h5/contract';

/**
 * The API reads the service worker keeps for offline reading (issue 33 point 5): the feeds, a
 * content and its comments, a user's home. Nothing private (messages, the data centre, orders)
 * is kept, and what is kept is the current reader's until logout (docs/decisions/025-offline-reading.md).
 */
const OFFLINE_READS = [
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
];

/** Their paths, which the worker answers from its cache when the network fails. */
export const OFFLINE_API_PATHS: string[] = OFFLINE_READS.map((endpoint) => endpoint.path);

/**
 * Their domains' folders under the contract's `src/domains/`: the browser loads the contract one
 * domain at a time (platform/contract-domains.ts), so the worker keeps these domains' chunks at
 * install, as a kept page read offline may be the first to need them.
 */
export const OFFLINE_API_DOMAIN_FOLDERS: string[] = [
  ...new Set(
    OFFLINE_READS.map((endpoint) =>
      (entryNameOf(contract, endpoint).split('.')[0] as string).replace(
        /[A-Z]/g,
        (c) => `-${c.toLowerCase()}`,
      ),
    ),
  ),
];

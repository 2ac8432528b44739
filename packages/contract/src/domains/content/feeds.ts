import { z } from 'zod';
import { endpoint } from '../../endpoint';
import { idSchema, pageOf, pageQuerySchema, queryInt } from '../../shared';
import { userProfileSchema } from '../community/follow';
import { feedCardSchema, feedPageSchema, productCardSchema } from './details';

const domain = 'content';

/** A card of the new-commodity feed: a content and the new product it shows. */
export const newCommodityCardSchema = feedCardSchema.extend({ product: productCardSchema });
export type NewCommodityCard = z.infer<typeof newCommodityCardSchema>;
export const newCommodityPageSchema = pageOf(newCommodityCardSchema);
export type NewCommodityPage = z.infer<typeof newCommodityPageSchema>;

/** A place on the hot-video rank: the card, its place from 1 and the lights of the last 7 days. */
export const hotVideoRankItemSchema = feedCardSchema.extend({
  rank: z.number().int().positive(),
  weekLightCount: z.number().int().nonnegative(),
});
export type HotVideoRankItem = z.infer<typeof hotVideoRankItemSchema>;

/** A topic (tag) with its totals and its most-lit contents (evaluation top detail). */
export const tagTopDetailSchema = z.object({
  tagId: z.number().int(),
  tagName: z.string(),
  contentCount: z.number().int().nonnegative(),
  authorCount: z.number().int().nonnegative(),
  lightCount: z.number().int().nonnegative(),
  /** At most three, most lights first. */
  topList: z.array(feedCardSchema),
});
export type TagTopDetail = z.infer<typeof tagTopDetailSchema>;

/** The original poster (楼主) of a content: their profile and the lights their contents earned. */
export const lzInfoSchema = userProfileSchema.extend({
  contentId: z.number().int(),
  receivedLightCount: z.number().int().nonnegative(),
});
export type LzInfo = z.infer<typeof lzInfoSchema>;

// Issue 6: the feeds of spec §7 beside more-recommend; exported through `content` in ./index.ts.
export const contentFeeds = {
  /**
   * Contents that show a new product (spec §7), newest first; `spuId` gives the contents of that
   * product, new or not (a product card's web page: the product jump's fallback).
   */
  newCommodityContents: endpoint({
    domain,
    method: 'GET',
    path: '/sns-rec/v1/new-commodity/contents',
    auth: 'common',
    visitorCache: true,
    request: z.object({ spuId: idSchema.optional(), ...pageQuerySchema.shape }),
    response: newCommodityPageSchema,
  }),
  /**
   * Not in the spec (issue 32 point 4): the 关注 feed, the contents of the people the caller
   * follows, newest first, keyset-paged by `lastId`.
   */
  followingFeed: endpoint({
    domain,
    method: 'GET',
    path: '/sns-rec/v1/h5/following/contents',
    auth: 'login',
    request: pageQuerySchema,
    response: feedPageSchema,
  }),
  /** Video contents in the recommend feed's order (hot score), keyset-paged. */
  hotVideoList: endpoint({
    domain,
    method: 'GET',
    path: '/sns-cnt-center/v1/common/h5/hot-video/list',
    auth: 'common',
    visitorCache: true,
    request: pageQuerySchema,
    response: feedPageSchema,
  }),
  /** The hot-video rank: videos by lights of the last 7 days, then by all their lights. */
  hotVideoRank: endpoint({
    domain,
    method: 'GET',
    path: '/sns-cnt-center/v1/common/h5/hot-video/rank',
    auth: 'common',
    visitorCache: true,
    request: z.object({ limit: queryInt(1, 50).default(20) }),
    response: z.object({ list: z.array(hotVideoRankItemSchema) }),
  }),
  /**
   * Not in the spec: a topic / label group's contents (jump key 29, `tagId`). Contents carry no
   * tags, so a tag id is a content category of spec §3.
   */
  tagContents: endpoint({
    domain,
    method: 'GET',
    path: '/sns-rec/v1/common/h5/tag/contents',
    auth: 'common',
    visitorCache: true,
    request: z.object({
      tagId: queryInt(0, 32_767),
      ...pageQuerySchema.shape,
    }),
    response: feedPageSchema,
  }),
  /** A topic's header: totals and top contents. A tag id is a content category (spec §3). */
  evaluationTopDetail: endpoint({
    domain,
    method: 'GET',
    path: '/sns-cnt-tag/v1/common/h5/evaluation/top/detail',
    auth: 'common',
    visitorCache: true,
    request: z.object({ tagId: queryInt(0, 32_767) }),
    response: tagTopDetailSchema,
  }),
  /** The 楼主 of a content's thread: who wrote it, so the comments can mark their replies. */
  memeLzinfo: endpoint({
    domain,
    method: 'GET',
    path: '/sns-itr/v1/common/h5/meme/lzinfo',
    auth: 'common',
    request: z.object({ contentId: idSchema }),
    response: lzInfoSchema,
  }),
} as const;

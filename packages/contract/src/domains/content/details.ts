import { CONTENT_DETAIL_HEADER_VERSION, CONTENT_TYPE, type ContentType } from '@h5/core';
import { z } from 'zod';
import { endpoint } from '../../endpoint';
import { idSchema, imageSchema, pageOf, pageQuerySchema, userBriefSchema } from '../../shared';

const domain = 'content';

/** Content types of spec §3 (core's CONTENT_TYPE: PicText=0, Video=1, NoPic=2, RichText=3). */
export const contentTypeSchema = z.enum(CONTENT_TYPE);
export type { ContentType };

/** One card of a feed: what the two-column waterfall draws. */
export const feedCardSchema = z.object({
  contentId: z.number().int(),
  contentType: contentTypeSchema,
  title: z.string(),
  /** Null for NoPic content: the card shows its text instead. */
  cover: imageSchema.nullable(),
  /** Seconds, for Video content. */
  videoDuration: z.number().nullable(),
  author: userBriefSchema,
  lightCount: z.number().int().nonnegative(),
  isLight: z.boolean(),
  /**
   * Only on the author's own cards of a content not yet in the feeds (issue 32): 审核中, or 未通过
   * with the moderator's reason.
   */
  review: z.object({ state: z.enum(['pending', 'rejected']), reason: z.string().nullable() }).optional(),
});
export type FeedCard = z.infer<typeof feedCardSchema>;

export const feedPageSchema = pageOf(feedCardSchema);
export type FeedPage = z.infer<typeof feedPageSchema>;

/** A content id in a query string. */
const contentIdSchema = idSchema;

/** A product card inside article text (spec §3); isCollection 1 = the viewer already wants it. */
export const productCardSchema = z.object({
  spuId: z.number().int(),
  title: z.string(),
  /** Issue 14 point 5: the brand (the title starts with it) and the price in fen (1/100 yuan). */
  brand: z.string(),
  price: z.number().int().nonnegative(),
  logoUrl: z.string(),
  isCollection: z.union([z.literal(0), z.literal(1)]),
  isNewProduct: z.union([z.literal(0), z.literal(1)]),
  /** score 0–10 (drawn as five stars in half-steps), number = how many rated it. */
  dpInfo: z.object({ score: z.number(), number: z.number().int().nonnegative() }),
});
export type ProductCard = z.infer<typeof productCardSchema>;

/** The transformed article (core's transformArticle): sanitised HTML runs and product cards. */
export const articleBlockSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('html'), html: z.string() }),
  z.object({ kind: z.literal('product'), spuId: z.number().int(), propertyValueId: z.number().int() }),
]);

/** One content as its detail page shows it, for all four types. */
export const contentDetailSchema = z.object({
  contentId: z.number().int(),
  contentType: contentTypeSchema,
  category: z.number().int(),
  /** The category's name (spec §3): the content's topic, which the page links (jump key 29). */
  categoryName: z.string(),
  title: z.string(),
  /** The body as plain text (PicText, Video, NoPic); RichText reads `article` instead. */
  text: z.string(),
  /** RichText only: sanitised, transformed article blocks (spec §5). Empty for other types. */
  article: z.array(articleBlockSchema),
  images: z.array(imageSchema),
  video: z.object({ url: z.string(), cover: imageSchema.nullable(), duration: z.number() }).nullable(),
  /** Issue 14 point 5: the follow button by the author starts from isFollowing; none on one's own. */
  author: userBriefSchema.extend({ isFollowing: z.boolean(), isSelf: z.boolean() }),
  lightCount: z.number().int().nonnegative(),
  isLight: z.boolean(),
  replyCount: z.number().int().nonnegative(),
  /** Epoch milliseconds. */
  createdAt: z.number().int(),
  /** The products the article links to, by spuId, for its product cards. */
  products: z.array(productCardSchema),
});
export type ContentDetail = z.infer<typeof contentDetailSchema>;

/** The request header content-detail carries (value: core's CONTENT_DETAIL_HEADER_VERSION). */
export const CONTENT_DETAIL_VERSION_HEADER = 'version';
/** The optional video flag header of content-detail ('1' when opened from a video list). */
export const CONTENT_DETAIL_VIDEO_HEADER = 'video';

const VERSION_HEADER_MESSAGE = '须为请求头中的版本号 x.y.z（如 4.83.0）';

/** content-detail's headers (spec §7): `version` (4.83.0, spec §9) and the optional video flag. */
const contentDetailHeaders = {
  send: { [CONTENT_DETAIL_VERSION_HEADER]: CONTENT_DETAIL_HEADER_VERSION },
  schema: z.object({
    [CONTENT_DETAIL_VERSION_HEADER]: z
      .string({ error: VERSION_HEADER_MESSAGE })
      .regex(/^\d{1,4}\.\d{1,4}\.\d{1,4}$/, VERSION_HEADER_MESSAGE),
    [CONTENT_DETAIL_VIDEO_HEADER]: z.enum(['0', '1']).optional(),
  }),
};

export const contentDetails = {
  moreRecommend: endpoint({
    domain,
    method: 'GET',
    path: '/sns-rec/v1/common/h5/feed/more-recommend',
    auth: 'common',
    visitorCache: true,
    request: pageQuerySchema,
    response: feedPageSchema,
  }),
  /**
   * One content (spec §7). Headers: `version` (CONTENT_DETAIL_HEADER_VERSION, required: the
   * format the caller reads) and the optional video flag; every caller sends them, the server's
   * in-process SSR call included.
   */
  contentDetail: endpoint({
    domain,
    method: 'GET',
    path: '/sns-cnt-center/v1/common/h5/content-detail',
    auth: 'common',
    visitorCache: true,
    headers: contentDetailHeaders,
    request: z.object({ contentId: contentIdSchema }),
    response: contentDetailSchema,
  }),
  /** The caller's own content (creator task pages); another user's content answers 404. */
  selfContentDetail: endpoint({
    domain,
    method: 'GET',
    path: '/sns-bom/v1/common/h5/task/self-content-detail',
    auth: 'login',
    request: z.object({ contentId: contentIdSchema }),
    response: contentDetailSchema,
  }),
  /** A trend (dongtai) by trendId: a trend is a content, so trendId is a content id. */
  trendDetail: endpoint({
    domain,
    method: 'GET',
    path: '/sns-cnt-center/v1/content/trend-detail',
    auth: 'login',
    request: z.object({ trendId: contentIdSchema }),
    response: contentDetailSchema,
  }),
} as const;

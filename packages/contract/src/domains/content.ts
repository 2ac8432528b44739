import { z } from 'zod';
import { endpoint } from '../endpoint';
import { imageSchema, pageOf, queryInt, userBriefSchema } from '../shared';

const domain = 'content';

/** Content types of spec §3: PicText=0, Video=1, NoPic=2, RichText=3. */
export const contentTypeSchema = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);

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
});
export type FeedCard = z.infer<typeof feedCardSchema>;

export const feedPageSchema = pageOf(feedCardSchema);
export type FeedPage = z.infer<typeof feedPageSchema>;

export const content = {
  moreRecommend: endpoint({
    domain,
    method: 'GET',
    path: '/sns-rec/v1/common/h5/feed/more-recommend',
    auth: 'common',
    request: z.object({
      lastId: z.string().max(200).optional(),
      limit: queryInt(1, 40).default(20),
    }),
    response: feedPageSchema,
  }),
} as const;

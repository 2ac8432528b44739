import { z } from 'zod';
import { endpoint, operatorEndpoint } from '../../endpoint';
import { idSchema, pageOf, pageQuerySchema, requestIdSchema, userBriefSchema, wireInt } from '../../shared';
import { contentTypeSchema } from './details';

const domain = 'content';

/** Issue 32 point 1: what a publisher may send (docs/api.md "Publishing"). */
export const PUBLISH_LIMITS = {
  titleMax: 40,
  bodyMax: 2000,
  imagesMin: 1,
  imagesMax: 9,
  topicMax: 20,
  productsMax: 5,
  /** A published video's file and length. */
  videoBytesMax: 100 * 1024 * 1024,
  videoSecondsMax: 60,
} as const;

/** Refusals of the publish call (docs/api.md). */
export const PUBLISH_CODES = {
  /** A requestId already used for a different content. */
  requestIdReused: 4211,
  /** An image or video that is not an object the caller uploaded to our store. */
  mediaNotOwned: 4212,
  /** A video over the size or length limit, or not readable as a video. */
  videoRejected: 4213,
  /** A linked product that does not exist. */
  productUnknown: 4214,
  /** A review decision on a content that is not pending. */
  reviewDecided: 5104,
} as const;

/** A published content's review: pending until moderation (or the auto setting) decides. */
export const REVIEW_STATES = ['pending', 'approved', 'rejected'] as const;
export const reviewStateSchema = z.enum(REVIEW_STATES);
export type ReviewState = z.infer<typeof reviewStateSchema>;

/** The publishable types: pictures, a video, text only (the spec's RichText is editorial). */
export const publishTypeSchema = contentTypeSchema.refine((t) => t === 0 || t === 1 || t === 2, {
  error: '只能发布图文、视频或纯文字内容',
});

/**
 * An uploaded object by its storage key (what the upload SDK answers): the server takes its URL,
 * size and type from its own record, and refuses a key the caller did not upload.
 */
const objectKeySchema = z.object({ key: z.string().min(1).max(512) });

export const publishRequestSchema = z
  .object({
    requestId: requestIdSchema,
    contentType: publishTypeSchema,
    title: z
      .string()
      .trim()
      .min(1, '请填写标题')
      .max(PUBLISH_LIMITS.titleMax, `标题最多 ${PUBLISH_LIMITS.titleMax} 个字`),
    body: z
      .string()
      .trim()
      .max(PUBLISH_LIMITS.bodyMax, `正文最多 ${PUBLISH_LIMITS.bodyMax} 个字`)
      .default(''),
    images: z
      .array(objectKeySchema)
      .max(PUBLISH_LIMITS.imagesMax, `最多 ${PUBLISH_LIMITS.imagesMax} 张图片`)
      .default([]),
    /** Which picture is the cover; the first when absent. */
    coverIndex: wireInt(0, PUBLISH_LIMITS.imagesMax - 1).optional(),
    video: objectKeySchema.optional(),
    /** A tag id (a content category, CONTENT_CATEGORY_NAMES). */
    category: wireInt(0, 100),
    /** A hashtag topic without `#`, e.g. 七夕. */
    topic: z
      .string()
      .trim()
      .max(PUBLISH_LIMITS.topicMax, `话题最多 ${PUBLISH_LIMITS.topicMax} 个字`)
      .regex(/^[^#\s]*$/, '话题不含 # 和空格')
      .optional(),
    spuIds: z
      .array(idSchema)
      .max(PUBLISH_LIMITS.productsMax, `最多关联 ${PUBLISH_LIMITS.productsMax} 个商品`)
      .default([]),
  })
  .superRefine((input, ctx) => {
    if (input.contentType === 0 && input.images.length < PUBLISH_LIMITS.imagesMin)
      ctx.addIssue({ code: 'custom', path: ['images'], message: '图文内容至少需要 1 张图片' });
    if (input.contentType !== 0 && input.images.length > 0)
      ctx.addIssue({ code: 'custom', path: ['images'], message: '只有图文内容可以带图片' });
    if (input.contentType === 1 && !input.video)
      ctx.addIssue({ code: 'custom', path: ['video'], message: '视频内容需要一个视频' });
    if (input.contentType !== 1 && input.video)
      ctx.addIssue({ code: 'custom', path: ['video'], message: '只有视频内容可以带视频' });
    if (input.coverIndex !== undefined && input.coverIndex >= input.images.length)
      ctx.addIssue({ code: 'custom', path: ['coverIndex'], message: '封面必须是已选的图片之一' });
    if (input.contentType === 2 && input.body.length === 0)
      ctx.addIssue({ code: 'custom', path: ['body'], message: '请填写正文' });
  });
export type PublishRequest = z.input<typeof publishRequestSchema>;

export const publishResultSchema = z.object({ contentId: z.number().int(), reviewState: reviewStateSchema });
export type PublishResult = z.infer<typeof publishResultSchema>;

/** A content awaiting review, as the backstage queue shows it. */
export const contentReviewRowSchema = z.object({
  contentId: z.number().int(),
  contentType: contentTypeSchema,
  title: z.string(),
  body: z.string(),
  topic: z.string().nullable(),
  category: z.number().int(),
  images: z.array(z.object({ url: z.string(), width: z.number(), height: z.number() })),
  coverUrl: z.string().nullable(),
  videoUrl: z.string().nullable(),
  author: userBriefSchema,
  reviewState: reviewStateSchema,
  reviewReason: z.string().nullable(),
  /** ISO times. */
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type ContentReviewRow = z.infer<typeof contentReviewRowSchema>;

// Issue 32 point 1: publishing and its review; exported through `content` in ./index.ts.
export const contentPublish = {
  /**
   * Publishes the caller's content; idempotent by `requestId` (a retry answers the same content).
   * Pending until reviewed, unless the server reviews automatically (CONTENT_REVIEW=auto).
   */
  publish: endpoint({
    domain,
    method: 'POST',
    path: '/sns-cnt/v1/h5/content/publish',
    auth: 'login',
    request: publishRequestSchema,
    response: publishResultSchema,
  }),
  /** The review queue (moderators): oldest first in the state asked for. */
  contentReviews: operatorEndpoint({
    domain,
    method: 'GET',
    path: '/backstage/v1/moderation/contents',
    roles: ['moderator'],
    request: z.object({ ...pageQuerySchema.shape, state: reviewStateSchema.default('pending') }),
    response: pageOf(contentReviewRowSchema),
  }),
  /** Approves (into the feeds) or rejects (with the reason the author reads) a pending content. */
  contentReviewDecide: operatorEndpoint({
    domain,
    method: 'POST',
    path: '/backstage/v1/moderation/contents/decide',
    roles: ['moderator'],
    request: z
      .object({
        contentId: idSchema,
        decision: z.enum(['approve', 'reject']),
        reason: z.string().trim().max(200).optional(),
      })
      .refine((input) => input.decision === 'approve' || (input.reason ?? '').length > 0, {
        path: ['reason'],
        error: '驳回需要填写理由',
      }),
    response: contentReviewRowSchema,
  }),
};

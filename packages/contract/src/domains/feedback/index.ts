import { z } from 'zod';
import { endpoint } from '../../endpoint';
import { dbInt, idSchema, queryInt, requestIdSchema } from '../../shared';

const domain = 'feedback';

/** What can be reported. */
export const accuseTargetTypeSchema = z.enum(['content', 'comment', 'user']);
export type AccuseTargetType = z.infer<typeof accuseTargetTypeSchema>;

/** An image the user uploaded (through the upload SDK) and attaches as evidence. */
export const evidenceImageSchema = z.object({
  /** The object key in the store; must be the caller's own upload. */
  key: z.string().min(1).max(512),
});

/** Most evidence images on one report / idea. */
export const FEEDBACK_MAX_IMAGES = 4;
/** Longest free text of a report or an idea. */
export const FEEDBACK_MAX_TEXT = 500;

export const accuseReasonSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** The description is required for this reason. */
  needDetail: z.boolean(),
});
export type AccuseReason = z.infer<typeof accuseReasonSchema>;

export const accuseInfoSchema = z.object({
  target: z.object({
    type: accuseTargetTypeSchema,
    id: z.string(),
    /** What the user sees of the target: a content title, a comment's text, a user name. */
    title: z.string(),
    cover: z.string().nullable(),
  }),
  reasons: z.array(accuseReasonSchema),
  maxImages: z.number().int(),
  maxText: z.number().int(),
  /** The caller's earlier report of this target, if any. */
  submitted: z.object({ accuseId: z.number().int(), createdAt: z.string() }).nullable(),
});
export type AccuseInfo = z.infer<typeof accuseInfoSchema>;

/** The caller's own stored report, as moderation will see it (evidence keys with their CDN paths). */
export const accusationSchema = z.object({
  accuseId: z.number().int(),
  targetType: accuseTargetTypeSchema,
  targetId: z.string(),
  reasonId: z.number().int(),
  description: z.string(),
  images: z.array(z.object({ key: z.string(), url: z.string() })),
  status: z.string(),
  createdAt: z.string(),
});
export type Accusation = z.infer<typeof accusationSchema>;

export const searchIdeaConfigSchema = z.object({
  title: z.string(),
  placeholder: z.string(),
  options: z.array(z.object({ id: z.number().int(), label: z.string() })),
  maxImages: z.number().int(),
  maxText: z.number().int(),
});
export type SearchIdeaConfig = z.infer<typeof searchIdeaConfigSchema>;

/** The search-idea form's config-centre document (key `search-idea`): the form without the limits. */
export const searchIdeaStoredConfigSchema = searchIdeaConfigSchema.pick({
  title: true,
  placeholder: true,
  options: true,
});

export const feedback = {
  accuseInfo: endpoint({
    domain,
    method: 'GET',
    path: '/sns-itr/v1/h5/accuse-info',
    auth: 'login',
    request: z.object({
      targetType: accuseTargetTypeSchema,
      targetId: z.string().regex(/^\d{1,18}$/, 'a numeric id'),
    }),
    response: accuseInfoSchema,
  }),
  submitAccuse: endpoint({
    domain,
    method: 'POST',
    path: '/sns-itr/v1/h5/submit-accuse',
    auth: 'login',
    request: z.object({
      targetType: accuseTargetTypeSchema,
      targetId: z.string().regex(/^\d{1,18}$/, 'a numeric id'),
      reasonId: dbInt(1),
      description: z.string().max(FEEDBACK_MAX_TEXT).default(''),
      images: z.array(evidenceImageSchema).max(FEEDBACK_MAX_IMAGES).default([]),
      requestId: requestIdSchema,
    }),
    response: z.object({ accuseId: z.number().int(), createdAt: z.string() }),
  }),
  /** The caller's own report by id (another user's answers not found). */
  myAccusation: endpoint({
    domain,
    method: 'GET',
    path: '/sns-itr/v1/h5/my-accusation',
    auth: 'login',
    request: z.object({ accuseId: idSchema }),
    response: accusationSchema,
  }),
  searchIdeaConfig: endpoint({
    domain,
    method: 'GET',
    path: '/sns-itr/v1/h5/feedback/search-idea-config',
    auth: 'login',
    request: z.object({ keyword: z.string().max(100).optional() }),
    response: searchIdeaConfigSchema,
  }),
  searchIdeaUpload: endpoint({
    domain,
    method: 'POST',
    path: '/sns-itr/v1/h5/feedback/search-idea-upload',
    auth: 'login',
    request: z.object({
      keyword: z.string().max(100).default(''),
      optionIds: z.array(queryInt(1, 1_000_000)).max(10).default([]),
      content: z.string().trim().min(1).max(FEEDBACK_MAX_TEXT),
      images: z.array(evidenceImageSchema).max(FEEDBACK_MAX_IMAGES).default([]),
      requestId: requestIdSchema,
    }),
    response: z.object({ ideaId: z.number().int(), createdAt: z.string() }),
  }),
} as const;

import { z } from 'zod';
import { endpoint, operatorEndpoint } from '../../endpoint';
import { dbInt, idSchema, pageOf, pageQuerySchema, queryInt, requestIdSchema } from '../../shared';

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

/** Where a report stands: pending until a moderator upholds or rejects it (issue 30 point 3). */
export const accusationStatusSchema = z.enum(['pending', 'upheld', 'rejected']);
export type AccusationStatus = z.infer<typeof accusationStatusSchema>;

/** A moderator's reason: shown to the author (a take-down), in the audit log and the queue. */
const moderationReasonSchema = z.string().trim().min(1, '请填写处理理由').max(200);

/** One report as the moderation queue shows it. */
export const reportRowSchema = z.object({
  accuseId: z.number().int(),
  reporter: z.object({ userId: z.number().int(), userName: z.string() }),
  target: z.object({
    type: accuseTargetTypeSchema,
    id: z.string(),
    /** A content's title, a comment's text, a user's name; '' when the target is gone. */
    title: z.string(),
  }),
  reasonId: z.number().int(),
  reason: z.string(),
  description: z.string(),
  images: z.array(z.string()),
  createdAt: z.string(),
  status: accusationStatusSchema,
  decisionReason: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type ReportRow = z.infer<typeof reportRowSchema>;

/** One search idea as moderation reads it. */
export const searchIdeaRowSchema = z.object({
  ideaId: z.number().int(),
  userId: z.number().int(),
  userName: z.string(),
  keyword: z.string(),
  options: z.array(z.string()),
  content: z.string(),
  images: z.array(z.string()),
  createdAt: z.string(),
});
export type SearchIdeaRow = z.infer<typeof searchIdeaRowSchema>;

/** A comment as moderation sees it, hidden or not. */
export const moderatedCommentSchema = z.object({
  replyId: z.number().int(),
  contentId: z.number().int(),
  userId: z.number().int(),
  text: z.string(),
  hidden: z.boolean(),
  hiddenReason: z.string(),
});
export type ModeratedComment = z.infer<typeof moderatedCommentSchema>;

/** A writing ban. */
export const userBanSchema = z.object({
  userId: z.number().int(),
  userName: z.string(),
  until: z.string(),
  reason: z.string(),
  operatorName: z.string(),
  createdAt: z.string(),
  /** The ban is still running (until is in the future). */
  active: z.boolean(),
});
export type UserBan = z.infer<typeof userBanSchema>;

/** The moderator's calls (issue 30 point 3): the report queue, search ideas, hidden comments, writing bans. */
const moderation = {
  /** The report queue: one status (pending by default), oldest first, optionally one target type. */
  moderationReports: operatorEndpoint({
    domain,
    method: 'GET',
    path: '/backstage/v1/moderation/reports',
    roles: ['moderator'],
    request: z.object({
      ...pageQuerySchema.shape,
      status: accusationStatusSchema.default('pending'),
      targetType: accuseTargetTypeSchema.optional(),
    }),
    response: pageOf(reportRowSchema),
  }),
  /**
   * Decides a pending report: upheld takes the content down (or hides the comment, or marks the
   * user) with the reason; a report decided already is refused (5102).
   */
  moderationDecide: operatorEndpoint({
    domain,
    method: 'POST',
    path: '/backstage/v1/moderation/reports/decide',
    roles: ['moderator'],
    request: z.object({
      accuseId: idSchema,
      decision: z.enum(['upheld', 'rejected']),
      reason: moderationReasonSchema,
    }),
    response: reportRowSchema,
  }),
  /** Search ideas, oldest first. */
  moderationSearchIdeas: operatorEndpoint({
    domain,
    method: 'GET',
    path: '/backstage/v1/moderation/search-ideas',
    roles: ['moderator'],
    request: pageQuerySchema,
    response: pageOf(searchIdeaRowSchema),
  }),
  /** One comment by id, hidden or not (before hiding it). */
  moderationComment: operatorEndpoint({
    domain,
    method: 'GET',
    path: '/backstage/v1/moderation/comment',
    roles: ['moderator'],
    request: z.object({ replyId: idSchema }),
    response: moderatedCommentSchema,
  }),
  /** Hides (or, with `hidden: false`, shows again) a comment, with a reason. */
  moderationHideComment: operatorEndpoint({
    domain,
    method: 'POST',
    path: '/backstage/v1/moderation/comment/hide',
    roles: ['moderator'],
    request: z.object({
      replyId: idSchema,
      hidden: z.boolean().default(true),
      reason: moderationReasonSchema,
    }),
    response: moderatedCommentSchema,
  }),
  /** Writing bans, latest first (expired ones too, marked). */
  moderationBans: operatorEndpoint({
    domain,
    method: 'GET',
    path: '/backstage/v1/moderation/bans',
    roles: ['moderator'],
    request: pageQuerySchema,
    response: pageOf(userBanSchema),
  }),
  /** Bans a user from writing until a future time (replaces a running ban). */
  moderationBan: operatorEndpoint({
    domain,
    method: 'POST',
    path: '/backstage/v1/moderation/bans/add',
    roles: ['moderator'],
    request: z.object({
      userId: idSchema,
      until: z.iso.datetime({ offset: true, message: '必须是 ISO 8601 时间' }),
      reason: moderationReasonSchema,
    }),
    response: userBanSchema,
  }),
  /** Lifts a user's writing ban. */
  moderationLiftBan: operatorEndpoint({
    domain,
    method: 'POST',
    path: '/backstage/v1/moderation/bans/lift',
    roles: ['moderator'],
    request: z.object({ userId: idSchema, reason: moderationReasonSchema }),
    response: z.object({ userId: z.number().int(), lifted: z.boolean() }),
  }),
} as const;

export const feedback = {
  ...moderation,
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
    speech: true,
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
    speech: true,
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

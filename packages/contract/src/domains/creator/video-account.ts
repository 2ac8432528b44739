import { z } from 'zod';
import { endpoint, operatorEndpoint } from '../../endpoint';
import { idSchema, pageOf, pageQuerySchema, userBriefSchema } from '../../shared';

const domain = 'creator';

/** The details of a video account; every refusal names its field in Chinese. */
export const videoAccountDetailsSchema = z.object({
  name: z
    .string({ error: '视频号名称必须是文字' })
    .trim()
    .min(1, { error: '请填写视频号名称' })
    .max(30, { error: '视频号名称不能超过 30 个字' }),
  accountId: z
    .string({ error: '视频号 ID 必须是文字' })
    .regex(/^[A-Za-z0-9_-]{4,32}$/, { error: '视频号 ID 须为 4 到 32 位字母、数字、下划线或短横线' }),
  profileUrl: z
    .string({ error: '主页链接必须是文字' })
    .max(300, { error: '主页链接不能超过 300 个字符' })
    .regex(/^https:\/\/[^\s/]+\.[^\s]+$/, { error: '主页链接须为 https:// 开头的网址' }),
});
export type VideoAccountDetails = z.infer<typeof videoAccountDetailsSchema>;

export const videoAccountStateSchema = z.enum(['none', 'pending', 'approved', 'rejected']);
export type VideoAccountState = z.infer<typeof videoAccountStateSchema>;

export const videoAccountSchema = z.object({
  /** The saved details (POST index), null before the first save. */
  details: videoAccountDetailsSchema.nullable(),
  /** The latest application's state; none before the first application. */
  state: videoAccountStateSchema,
  /** The reviewer's reason of a rejection. */
  reason: z.string().nullable(),
  application: z
    .object({ applicationId: z.number().int(), createdAt: z.string(), screenshotUrl: z.string() })
    .nullable(),
});
export type VideoAccount = z.infer<typeof videoAccountSchema>;

/** The public card: a user's approved video account. */
export const videoAccountCardSchema = z.object({
  user: userBriefSchema,
  name: z.string(),
  accountId: z.string(),
  profileUrl: z.string(),
  approvedAt: z.string(),
});
export type VideoAccountCard = z.infer<typeof videoAccountCardSchema>;

export const videoAccountApplicationSchema = z.object({
  applicationId: z.number().int(),
  user: userBriefSchema,
  name: z.string(),
  accountId: z.string(),
  profileUrl: z.string(),
  screenshotUrl: z.string(),
  createdAt: z.string(),
  state: z.enum(['pending', 'approved', 'rejected']),
  /** The reviewer's reason of a rejection (what the creator reads). */
  reason: z.string().nullable(),
  reviewedAt: z.string().nullable(),
});
export type VideoAccountApplication = z.infer<typeof videoAccountApplicationSchema>;

export const creatorVideoAccount = {
  videoAccount: endpoint({
    domain,
    method: 'GET',
    path: '/sns-user-biz/v1/h5/creator/video-account/index',
    auth: 'login',
    request: z.object({}),
    response: videoAccountSchema,
  }),
  saveVideoAccount: endpoint({
    domain,
    method: 'POST',
    path: '/sns-user-biz/v1/h5/creator/video-account/index',
    auth: 'login',
    request: videoAccountDetailsSchema,
    response: videoAccountSchema,
  }),
  videoAccountCard: endpoint({
    domain,
    method: 'GET',
    path: '/sns-user-biz/v1/common/h5/creator/video-account/index',
    auth: 'common',
    request: z.object({ userId: idSchema }),
    response: videoAccountCardSchema,
  }),
  applyVideoAccount: endpoint({
    domain,
    method: 'POST',
    path: '/sns-user-biz/v1/h5/creator/video-account/apply',
    auth: 'login',
    request: z.object({ screenshotKey: z.string().min(1, { error: '请上传视频号截图' }).max(512) }),
    response: videoAccountSchema,
  }),
  /**
   * The backstage's review queue (issue 30 point 4, moderators): applications of one state,
   * pending by default and oldest first (the longest waiting on top); reviewed ones newest first.
   */
  videoAccountApplications: operatorEndpoint({
    domain,
    method: 'GET',
    path: '/backstage/v1/creator/video-account/applications',
    roles: ['moderator'],
    request: z.object({
      ...pageQuerySchema.shape,
      state: z
        .enum(['pending', 'approved', 'rejected'], { error: '状态须为 pending、approved 或 rejected' })
        .default('pending'),
    }),
    response: pageOf(videoAccountApplicationSchema),
  }),
  /** The backstage: approve, or reject with a reason the creator reads on their video-account page. */
  reviewVideoAccount: operatorEndpoint({
    domain,
    method: 'POST',
    path: '/backstage/v1/creator/video-account/review',
    roles: ['moderator'],
    request: z
      .object({
        applicationId: idSchema,
        decision: z.enum(['approve', 'reject'], { error: '审核结果须为 approve 或 reject' }),
        reason: z.string().trim().max(200, { error: '驳回原因不能超过 200 个字' }).default(''),
      })
      .refine((input) => input.decision === 'approve' || input.reason.length > 0, {
        path: ['reason'],
        error: '驳回时请填写原因',
      }),
    response: z.object({ applicationId: z.number().int(), state: videoAccountStateSchema }),
  }),
} as const;

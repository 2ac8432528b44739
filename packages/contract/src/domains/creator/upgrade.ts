import { z } from 'zod';
import { endpoint, operatorEndpoint } from '../../endpoint';
import { idSchema, pageOf, pageQuerySchema, userBriefSchema } from '../../shared';

const domain = 'creator';

/** The three figures a level asks for, counted in the season (docs/api.md "Creator upgrade programme"). */
export const upgradeFiguresSchema = z.object({
  publications: z.number().int(),
  qualityContents: z.number().int(),
  lights: z.number().int(),
});
export type UpgradeFigures = z.infer<typeof upgradeFiguresSchema>;

export const upgradeLevelSchema = z.object({ level: z.number().int(), title: z.string() });

/** An award's state for the caller: not yet earned, earned and waiting, received, or past its deadline. */
export const awardStateSchema = z.enum(['locked', 'receivable', 'received', 'expired']);
export type AwardState = z.infer<typeof awardStateSchema>;

export const upgradeAwardSchema = z.object({
  awardId: z.number().int(),
  title: z.string(),
  level: z.number().int(),
  /** In fen (0.01 yuan). */
  amountCents: z.number().int(),
  expiresAt: z.string(),
  state: awardStateSchema,
  receivedAt: z.string().nullable(),
});
export type UpgradeAward = z.infer<typeof upgradeAwardSchema>;

export const upgradeViewSchema = z.object({
  season: z
    .object({ id: z.number().int(), title: z.string(), startsAt: z.string(), endsAt: z.string().nullable() })
    .nullable(),
  level: upgradeLevelSchema,
  progress: upgradeFiguresSchema,
  /** The next level and what it asks for; null at the top level. */
  next: upgradeLevelSchema.extend({ requirements: upgradeFiguresSchema }).nullable(),
  awards: z.array(upgradeAwardSchema),
});
export type UpgradeView = z.infer<typeof upgradeViewSchema>;

export const publishRecordSchema = z.object({
  contentId: z.number().int(),
  title: z.string(),
  cover: z.string().nullable(),
  publishedAt: z.string(),
  counted: z.boolean(),
  /** Why it did not count (Chinese), null when it counted. */
  reason: z.string().nullable(),
  quality: z.boolean(),
  lights: z.number().int(),
  replies: z.number().int(),
});
export type PublishRecord = z.infer<typeof publishRecordSchema>;

export const qualityCaseSchema = z.object({
  contentId: z.number().int(),
  title: z.string(),
  cover: z.string().nullable(),
  author: userBriefSchema,
  lights: z.number().int(),
  replies: z.number().int(),
});
export type QualityCase = z.infer<typeof qualityCaseSchema>;

export const awardReceiptSchema = z.object({
  receiptId: z.number().int(),
  awardId: z.number().int(),
  title: z.string(),
  amountCents: z.number().int(),
  receivedAt: z.string(),
});
export type AwardReceipt = z.infer<typeof awardReceiptSchema>;

export const flexibleStaffingSchema = z.object({
  signed: z.boolean(),
  signedAt: z.string().nullable(),
  /** Where the creator signs (opened through the jump rules); null once signed. */
  signUrl: z.string().nullable(),
});
export type FlexibleStaffing = z.infer<typeof flexibleStaffingSchema>;

/** One creator's flexible-staffing signing, as the backstage lists it. */
export const staffingSigningSchema = z.object({
  user: userBriefSchema,
  signed: z.boolean(),
  signedAt: z.string().nullable(),
});
export type StaffingSigning = z.infer<typeof staffingSigningSchema>;

export const creatorUpgrade = {
  upgradeView: endpoint({
    domain,
    method: 'GET',
    path: '/sns-creator/v1/h5/creator/upgrade/view',
    auth: 'login',
    request: z.object({}),
    response: upgradeViewSchema,
  }),
  publishRecord: endpoint({
    domain,
    method: 'GET',
    path: '/sns-creator/v1/h5/creator/upgrade/publish-record',
    auth: 'login',
    request: pageQuerySchema,
    response: pageOf(publishRecordSchema),
  }),
  qualityCase: endpoint({
    domain,
    method: 'GET',
    path: '/sns-creator/v1/h5/creator/upgrade/quality-case',
    auth: 'login',
    request: z.object({}),
    response: z.object({ rule: z.string(), list: z.array(qualityCaseSchema) }),
  }),
  awardRecord: endpoint({
    domain,
    method: 'GET',
    path: '/sns-creator/v1/h5/creator/upgrade/award-record',
    auth: 'login',
    request: pageQuerySchema,
    response: pageOf(awardReceiptSchema),
  }),
  awardReceive: endpoint({
    domain,
    method: 'POST',
    path: '/sns-creator/v1/h5/creator/award/receive',
    auth: 'login',
    request: z.object({ awardId: idSchema }),
    response: awardReceiptSchema,
  }),
  flexibleStaffing: endpoint({
    domain,
    method: 'GET',
    path: '/sns-bom/v1/talent/flexible_staffing',
    auth: 'login',
    request: z.object({}),
    response: flexibleStaffingSchema,
  }),
  /**
   * The development stand-in of the provider's sign page (issue 31 point 3; internal, never in
   * pro): its 签约 button. The server, as the provider would, calls the signing callback signed
   * with FLEXIBLE_STAFFING_CALLBACK_SECRET for the creator the link's `state` names.
   */
  staffingStandInSign: endpoint({
    domain,
    method: 'POST',
    path: '/sns-bom/v1/talent/flexible_staffing/stand-in-sign',
    auth: 'common',
    internal: true,
    request: z.object({ state: z.string().min(1).max(200) }),
    response: z.object({ signed: z.boolean() }),
  }),
  /**
   * The backstage (issue 30 point 4, moderators, read-only): creators and their flexible-staffing
   * signing, oldest account first; `signed` narrows to the signed or the unsigned.
   */
  staffingSignings: operatorEndpoint({
    domain,
    method: 'GET',
    path: '/backstage/v1/creator/staffing-signings',
    roles: ['moderator'],
    request: z.object({
      ...pageQuerySchema.shape,
      signed: z.enum(['yes', 'no'], { error: '签约状态须为 yes 或 no' }).optional(),
    }),
    response: pageOf(staffingSigningSchema),
  }),
} as const;

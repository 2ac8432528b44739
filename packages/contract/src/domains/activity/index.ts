import { z } from 'zod';
import { endpoint, operatorEndpoint } from '../../endpoint';
import { dbInt, documentVersionSchema, idSchema } from '../../shared';
import { productCardSchema } from '../content/details';
import { activitySociality } from './sociality';

export * from './sociality';

/** An activity's place in its window: before it, inside it, after it. */
export const activityStateSchema = z.enum(['upcoming', 'running', 'ended']);
export type ActivityState = z.infer<typeof activityStateSchema>;

/** An activity's window (docs/api.md "Activities"). */
export const activityWindowSchema = z.object({
  code: z.string(),
  title: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  state: activityStateSchema,
});
export type ActivityWindow = z.infer<typeof activityWindowSchema>;

/** An activity code as windows answer it (the `activities` row codes). */
export const activityCodeSchema = z.string().regex(/^[\w-]{1,40}$/, '活动编码为 1–40 位字母、数字、_ 或 -');

/** How many products an activity lists at most. */
export const ACTIVITY_PRODUCTS_MAX = 50;

/** An activity's products as the backstage edits them, in list order. */
export const activityProductsSchema = z.object({
  code: z.string(),
  list: z.array(z.object({ spuId: z.number().int(), title: z.string(), logoUrl: z.string() })),
});
export type ActivityProducts = z.infer<typeof activityProductsSchema>;

/** A time a window starts or ends: an ISO instant with its offset. */
const windowInstantSchema = z.iso.datetime({ offset: true, message: '必须是带时区的 ISO 8601 时间' });

/** What an operator sets of a window (issue 30 point 4), and what each of its versions holds. */
export const windowValueSchema = z.object({
  startsAt: z.string(),
  endsAt: z.string(),
  /** The activity codes whose pages and calls this window answers. */
  codes: z.array(z.string()),
});
export type WindowValue = z.infer<typeof windowValueSchema>;

/** A window as the backstage lists it: its row code and title, value, state now and current version (0: never edited). */
export const backstageWindowSchema = windowValueSchema.extend({
  code: z.string(),
  title: z.string(),
  state: activityStateSchema,
  version: z.number().int(),
});
export type BackstageWindow = z.infer<typeof backstageWindowSchema>;

const windowVersionSchema = documentVersionSchema(windowValueSchema);
export type WindowVersion = z.infer<typeof windowVersionSchema>;

/** The styles the 520 AI-image activity draws. */
export const aiImageStyleSchema = z.enum(['sweet', 'film', 'comic']);
export type AiImageStyle = z.infer<typeof aiImageStyleSchema>;

export const aiImageSchema = z.object({
  imageId: z.number().int(),
  style: aiImageStyleSchema,
  sourceUrl: z.string(),
  resultUrl: z.string(),
  createdAt: z.string(),
});
export type AiImage = z.infer<typeof aiImageSchema>;

export const hackingCommitSchema = z.object({
  commitId: z.number().int(),
  taskId: z.number().int(),
  contentId: z.number().int(),
  committedAt: z.string(),
});
export type HackingCommit = z.infer<typeof hackingCommitSchema>;

/** A hacking task and, for a logged-in caller, their commit of it. */
export const hackingTaskSchema = z.object({
  taskId: z.number().int(),
  title: z.string(),
  commit: hackingCommitSchema.nullable(),
});
export type HackingTask = z.infer<typeof hackingTaskSchema>;

/** Issue 17 point 5 (commerce calls of spec §7) and issue 18 point 4 (the h5-sociality activities). */
export const activity = {
  ...activitySociality,
  arSpuList: endpoint({
    domain: 'commerce',
    method: 'GET',
    path: '/sns-act/v1/common/h5/mission/new-year/live-action-ar-spu-list',
    auth: 'common',
    request: z.object({}),
    response: z.object({ activity: activityWindowSchema, list: z.array(productCardSchema) }),
  }),
  hackingTaskCommit: endpoint({
    domain: 'commerce',
    method: 'POST',
    path: '/hacking-task/v1/task/commit',
    auth: 'login',
    request: z.object({ taskId: idSchema, contentId: idSchema }),
    response: hackingCommitSchema,
  }),
  hackingTaskList: endpoint({
    domain: 'commerce',
    method: 'GET',
    path: '/hacking-task/v1/common/task/list',
    auth: 'common',
    request: z.object({ code: z.string().min(1).max(40) }),
    response: z.object({ list: z.array(hackingTaskSchema) }),
  }),
  activityWindow: endpoint({
    domain: 'activity',
    method: 'GET',
    path: '/sns-act/v1/common/h5/activity/window',
    auth: 'common',
    request: z.object({ code: z.string().min(1).max(40) }),
    response: activityWindowSchema,
  }),
  aiImageCreate: endpoint({
    domain: 'activity',
    method: 'POST',
    path: '/sns-act/v1/h5/sociality/520/ai-image',
    auth: 'login',
    request: z.object({ imageKey: z.string().min(1).max(512), style: aiImageStyleSchema }),
    response: aiImageSchema,
  }),
  /** Every activity window (issue 30 point 4), by code. */
  windows: operatorEndpoint({
    domain: 'activity',
    method: 'GET',
    path: '/backstage/v1/activity/windows',
    roles: ['activity_ops'],
    request: z.object({}),
    response: z.object({ list: z.array(backstageWindowSchema) }),
  }),
  /** Sets a window's start, end and codes: a new version, audited. */
  windowUpdate: operatorEndpoint({
    domain: 'activity',
    method: 'POST',
    path: '/backstage/v1/activity/window/update',
    roles: ['activity_ops'],
    request: z.object({
      code: activityCodeSchema,
      startsAt: windowInstantSchema,
      endsAt: windowInstantSchema,
      codes: z.array(activityCodeSchema).max(20),
      /** The version the page showed (its `version`): when another is current by now, 5007 and nothing saved. */
      baseVersion: dbInt(0).optional(),
    }),
    response: backstageWindowSchema,
  }),
  /** A window's versions, newest first. */
  windowHistory: operatorEndpoint({
    domain: 'activity',
    method: 'GET',
    path: '/backstage/v1/activity/window/history',
    roles: ['activity_ops'],
    request: z.object({ code: activityCodeSchema }),
    response: z.object({ list: z.array(windowVersionSchema) }),
  }),
  /**
   * An activity's products in list order (issue 32: 心引力's picks, the new-year AR list): what the
   * activity pages list, written by activity operations, not only by the seed.
   */
  activityProducts: operatorEndpoint({
    domain: 'activity',
    method: 'GET',
    path: '/backstage/v1/activity/products',
    roles: ['activity_ops'],
    request: z.object({ code: activityCodeSchema }),
    response: activityProductsSchema,
  }),
  /** Replaces an activity's products with `spuIds`, in that order; audited. */
  setActivityProducts: operatorEndpoint({
    domain: 'activity',
    method: 'POST',
    path: '/backstage/v1/activity/products/update',
    roles: ['activity_ops'],
    request: z.object({
      code: activityCodeSchema,
      spuIds: z.array(idSchema).max(ACTIVITY_PRODUCTS_MAX, `最多 ${ACTIVITY_PRODUCTS_MAX} 个商品`),
    }),
    response: activityProductsSchema,
  }),
  /** Makes an earlier version current again, as a new version. */
  windowRestore: operatorEndpoint({
    domain: 'activity',
    method: 'POST',
    path: '/backstage/v1/activity/window/restore',
    roles: ['activity_ops'],
    request: z.object({
      code: activityCodeSchema,
      version: idSchema,
      /** The version the page showed (its `version`): when another is current by now, 5007 and nothing saved. */
      baseVersion: dbInt(0).optional(),
    }),
    response: backstageWindowSchema,
  }),
} as const;

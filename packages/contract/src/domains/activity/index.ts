import { z } from 'zod';
import { endpoint } from '../../endpoint';
import { idSchema } from '../../shared';
import { productCardSchema } from '../content/details';

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
} as const;

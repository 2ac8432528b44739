import { z } from 'zod';
import { endpoint, operatorEndpoint } from '../../endpoint';
import { emptySchema, idSchema, imageSchema, pageOf, pageQuerySchema } from '../../shared';
import { contentTypeSchema } from '../content/details';
import { starterTaskSchema } from './invitations';

const domain = 'invite';

// Issue 18 point 3 (spec §7 "Users and invitations"): a new user's starter tasks and the message
// that keeps them coming back, an activity's guide, and the report of a creator's contents picked
// as featured. Everything is read from the rows the product writes; codes 4920–4939 (docs/api.md).

/** A starter task as the task page shows it: with its badge and a line on how to do it. */
export const taskPageTaskSchema = starterTaskSchema.extend({
  /** The badge the task lights when done, e.g. 「初次发声」徽章. */
  reward: z.string(),
  /** How to do it, one line. */
  hint: z.string(),
});
export type TaskPageTask = z.infer<typeof taskPageTaskSchema>;

/** A creator the task page suggests following (the follow task): creators the user does not follow yet. */
export const suggestedCreatorSchema = z.object({
  userId: z.number().int(),
  userName: z.string(),
  avatar: z.string(),
  followerCount: z.number().int().nonnegative(),
  contentCount: z.number().int().nonnegative(),
});
export type SuggestedCreator = z.infer<typeof suggestedCreatorSchema>;

export const taskPageSchema = z.object({
  tasks: z.array(taskPageTaskSchema),
  doneCount: z.number().int(),
  /** The badge of all tasks done; `earned` while every task is done. */
  reward: z.object({ title: z.string(), description: z.string(), earned: z.boolean() }),
  suggestedCreators: z.array(suggestedCreatorSchema),
});
export type TaskPage = z.infer<typeof taskPageSchema>;

/** The streak lengths a motivation message counts towards. */
export const MOTIVATION_MILESTONES = [3, 7, 14, 30, 60, 100, 180, 365] as const;

/** One China day of a user's activity: what they published, lit and commented. */
export const motivationDaySchema = z.object({
  /** YYYY-MM-DD in China time. */
  day: z.string(),
  publishes: z.number().int().nonnegative(),
  lights: z.number().int().nonnegative(),
  comments: z.number().int().nonnegative(),
  active: z.boolean(),
});
export type MotivationDay = z.infer<typeof motivationDaySchema>;

export const userMotivationSchema = z.object({
  /** Consecutive China days with a publish, light or comment, up to today (or yesterday while today is still open). */
  streakDays: z.number().int().nonnegative(),
  activeToday: z.boolean(),
  /** The next streak length of {@link MOTIVATION_MILESTONES}; null past the last. */
  nextMilestone: z.number().int().nullable(),
  /** Active days still needed to reach `nextMilestone`. */
  daysToMilestone: z.number().int().nullable(),
  /** The line shown to the user (Chinese). */
  message: z.string(),
  /** The last 7 China days, oldest first, today last. */
  week: z.array(motivationDaySchema),
});
export type UserMotivation = z.infer<typeof userMotivationSchema>;

/** An activity's id as a guide takes it: the activity's code (`520`, `new-year-ar`). */
export const activityIdSchema = z
  .string({ error: '请提供活动 ID' })
  .trim()
  .regex(/^[\w-]{1,40}$/, { error: '活动 ID 须为 1 到 40 个字母、数字、下划线或连字符' });

export const activityGuideStepSchema = z.object({
  stepNo: z.number().int().positive(),
  title: z.string(),
  text: z.string(),
  image: imageSchema.nullable(),
});
export type ActivityGuideStep = z.infer<typeof activityGuideStepSchema>;

export const activityGuideSchema = z.object({
  activityId: z.string(),
  /** The activity's own name (its window's row). */
  activityTitle: z.string(),
  title: z.string(),
  intro: z.string(),
  /** The activity's window, ISO instants. */
  startsAt: z.string(),
  endsAt: z.string(),
  steps: z.array(activityGuideStepSchema),
  updatedAt: z.string(),
});
export type ActivityGuide = z.infer<typeof activityGuideSchema>;

/** Why a content was picked: by an editor (the internal pick call) or by the weekly rule. */
export const pickSourceSchema = z.enum(['editor', 'rule']);
export type PickSource = z.infer<typeof pickSourceSchema>;

/** A content of the caller picked as featured, with its figures now. */
export const pickedContentSchema = z.object({
  contentId: z.number().int(),
  title: z.string(),
  contentType: contentTypeSchema,
  cover: imageSchema.nullable(),
  pickedAt: z.string(),
  source: pickSourceSchema,
  reason: z.string(),
  /** Detail page views (the analytics collector's page views of the content). */
  views: z.number().int().nonnegative(),
  lights: z.number().int().nonnegative(),
  comments: z.number().int().nonnegative(),
});
export type PickedContent = z.infer<typeof pickedContentSchema>;

export const pickReportPageSchema = pageOf(pickedContentSchema).extend({
  /** How many of the caller's contents are picked in all. */
  total: z.number().int().nonnegative(),
});
export type PickReportPage = z.infer<typeof pickReportPageSchema>;

export const pickResultSchema = z.object({
  contentId: z.number().int(),
  source: pickSourceSchema,
  reason: z.string(),
  pickedAt: z.string(),
  /** False when the content was picked already (the first pick stands). */
  created: z.boolean(),
});
export type PickResult = z.infer<typeof pickResultSchema>;

export const inviteTasks = {
  /** The caller's starter tasks with progress from their rows, the badges, creators to follow. */
  taskPage: endpoint({
    domain,
    method: 'GET',
    path: '/sns-user-biz/v1/h5/draft/task-page',
    auth: 'login',
    request: emptySchema,
    response: taskPageSchema,
  }),
  /** The caller's streak of active days and the line that goes with it. */
  userMotivation: endpoint({
    domain,
    method: 'GET',
    path: '/sns-user/v1/h5/draft/user-motivation',
    auth: 'login',
    request: emptySchema,
    response: userMotivationSchema,
  }),
  /** An activity's guide: its steps with text and pictures (`activity_guides`). */
  activityGuide: endpoint({
    domain,
    method: 'GET',
    path: '/sns-user-center/v1/draft/activity-guide',
    auth: 'common',
    request: z.object({ activityId: activityIdSchema }),
    response: activityGuideSchema,
  }),
  /** The caller's contents picked as featured, newest pick first, with their figures. */
  pickReport: endpoint({
    domain,
    method: 'GET',
    path: '/sns-user-biz/v1/pick/report',
    auth: 'login',
    request: pageQuerySchema,
    response: pickReportPageSchema,
  }),
  /** Backstage (issue 30; activity operations): an editor picks a content as featured, once. */
  pickContent: operatorEndpoint({
    domain,
    method: 'POST',
    path: '/backstage/v1/picks',
    roles: ['activity_ops'],
    request: z.object({
      contentId: idSchema,
      reason: z
        .string({ error: '请填写精选理由' })
        .trim()
        .min(2, { error: '精选理由须为 2 到 40 个字' })
        .max(40, { error: '精选理由须为 2 到 40 个字' })
        .default('编辑精选'),
    }),
    response: pickResultSchema,
  }),
} as const;

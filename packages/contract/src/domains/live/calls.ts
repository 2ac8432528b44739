import { z } from 'zod';
import { endpoint } from '../../endpoint';
import { idSchema, pageOf, pageQuerySchema, userBriefSchema } from '../../shared';

const domain = 'live';

/**
 * The live context of spec §2: `streamId`, `streamLogId` and `userRole` (1 marks the host) come
 * from the page query and go into every live call (and every analytics event of a live page).
 */
export const liveContextSchema = z.object({
  streamId: idSchema.optional(),
  streamLogId: idSchema.optional(),
  // A query string's '1' is read as 1; anything else but 0 or 1 (null included) is refused.
  userRole: z.union([z.number().int().min(0).max(1), z.enum(['0', '1']).transform(Number)]).optional(),
});
export type LiveContext = z.output<typeof liveContextSchema>;

/** Audience calls name the stream whose host's fans group they read. */
const audienceQuery = liveContextSchema.extend({ streamId: idSchema });

export const fansRankItemSchema = z.object({
  rank: z.number().int(),
  user: userBriefSchema,
  /** Total intimacy (all-time ranks) or today's points (today rank). */
  intimacy: z.number().int(),
  fansLevel: z.number().int(),
});
export type FansRankItem = z.infer<typeof fansRankItemSchema>;

/** All-time intimacy, or today's. */
export const rankPeriodSchema = z.enum(['all', 'today']);
export type RankPeriod = z.infer<typeof rankPeriodSchema>;

export const hostLevelInfoSchema = z.object({
  level: z.number().int(),
  experience: z.number().int(),
  /** Experience where the current level starts, and where the next starts (null at the top). */
  levelExperience: z.number().int(),
  nextExperience: z.number().int().nullable(),
  privileges: z.array(z.object({ level: z.number().int(), name: z.string(), unlocked: z.boolean() })),
  /** The host's own stream and group, for the host centre's header and group management. */
  group: z.object({
    groupId: z.number().int(),
    name: z.string(),
    memberCount: z.number().int(),
    streamId: z.number().int(),
    roomId: z.number().int(),
  }),
  host: userBriefSchema,
});
export type HostLevelInfo = z.infer<typeof hostLevelInfoSchema>;

export const hostTaskSchema = z.object({
  key: z.string(),
  title: z.string(),
  target: z.number().int(),
  progress: z.number().int(),
  experience: z.number().int(),
  done: z.boolean(),
});
export type HostTask = z.infer<typeof hostTaskSchema>;

export const levelTaskInfoSchema = z.object({
  day: z.string(),
  experienceToday: z.number().int(),
  tasks: z.array(hostTaskSchema),
});

export const dailyTaskSchema = z.object({
  /** The last seven China-time days, oldest first: tasks done of all, and the experience they gave. */
  days: z.array(
    z.object({
      day: z.string(),
      done: z.number().int(),
      total: z.number().int(),
      experience: z.number().int(),
    }),
  ),
  /** Days in a row, up to today, with every task done. */
  streak: z.number().int(),
  /** Today's broadcasts and their minutes. */
  broadcastsToday: z.number().int(),
  liveMinutesToday: z.number().int(),
});
export type DailyTask = z.infer<typeof dailyTaskSchema>;

export const creditRecordSchema = z.object({
  recordId: z.number().int(),
  delta: z.number().int(),
  reason: z.string(),
  createdAt: z.string(),
});
export type CreditRecord = z.infer<typeof creditRecordSchema>;

export const fansGroupInfoSchema = z.object({
  groupId: z.number().int(),
  name: z.string(),
  memberCount: z.number().int(),
  host: userBriefSchema,
  streamId: z.number().int(),
  roomId: z.number().int(),
  living: z.boolean(),
  /** The intimacy each fans level needs, level 1 first. */
  levelThresholds: z.array(z.number().int()),
  /** The caller's membership; null for a visitor or a non-member. */
  membership: z
    .object({
      intimacy: z.number().int(),
      fansLevel: z.number().int(),
      rank: z.number().int(),
      todayIntimacy: z.number().int(),
      nextLevel: z.object({ level: z.number().int(), intimacy: z.number().int() }).nullable(),
      joinedAt: z.string(),
    })
    .nullable(),
  /** The caller is the group's host. */
  isHost: z.boolean(),
  /** The caller follows the host (follow/add with the host's integer userId toggles it). */
  hostFollowed: z.boolean(),
});
export type FansGroupInfo = z.infer<typeof fansGroupInfoSchema>;

export const weekTaskStateSchema = z.enum(['doing', 'claimable', 'claimed']);
export const weekTaskSchema = z.object({
  key: z.string(),
  title: z.string(),
  target: z.number().int(),
  progress: z.number().int(),
  intimacy: z.number().int(),
  state: weekTaskStateSchema,
});
export type WeekTask = z.infer<typeof weekTaskSchema>;

export const allowanceStateSchema = z.enum(['locked', 'claimable', 'claimed']);
export const allowanceSchema = z.object({
  fansLevel: z.number().int(),
  /** In fen (0.01 yuan). */
  amountCents: z.number().int(),
  state: allowanceStateSchema,
  claimedAt: z.string().nullable(),
});
export type Allowance = z.infer<typeof allowanceSchema>;

export const levelGiftSchema = z.object({
  giftId: z.number().int(),
  name: z.string(),
  icon: z.string(),
  fansLevel: z.number().int(),
  owned: z.boolean(),
});
export type LevelGift = z.infer<typeof levelGiftSchema>;

export const liveRoomSchema = z.object({
  roomId: z.number().int(),
  streamId: z.number().int(),
  /** The running broadcast; null when the host is not live. */
  streamLogId: z.number().int().nullable(),
  title: z.string(),
  startedAt: z.string().nullable(),
  host: userBriefSchema,
  group: z.object({ name: z.string(), memberCount: z.number().int() }),
});
export type LiveRoom = z.infer<typeof liveRoomSchema>;

export const liveCalls = {
  levelInfo: endpoint({
    domain,
    method: 'GET',
    path: '/sns-live/v1/kol/level-info',
    auth: 'login',
    request: liveContextSchema,
    response: hostLevelInfoSchema,
  }),
  levelTaskInfo: endpoint({
    domain,
    method: 'GET',
    path: '/sns-live/v1/kol/level-task-info',
    auth: 'login',
    request: liveContextSchema,
    response: levelTaskInfoSchema,
  }),
  kolRankList: endpoint({
    domain,
    method: 'GET',
    path: '/sns-live-user/v1/kol/fans-group/rank-list',
    auth: 'login',
    request: liveContextSchema.extend(pageQuerySchema.shape),
    response: pageOf(fansRankItemSchema).extend({ memberCount: z.number().int() }),
  }),
  todayRank: endpoint({
    domain,
    method: 'GET',
    path: '/sns-live-user/v1/kol/fans-group/today-rank',
    auth: 'login',
    request: liveContextSchema,
    response: z.object({ day: z.string(), list: z.array(fansRankItemSchema) }),
  }),
  editGroup: endpoint({
    domain,
    method: 'POST',
    path: '/sns-live-user/v1/kol/fans-group/edit',
    auth: 'login',
    speech: true,
    request: liveContextSchema.extend({ name: z.string().max(100) }),
    response: z.object({ groupId: z.number().int(), name: z.string(), nextRenameAt: z.string() }),
  }),
  creditDetail: endpoint({
    domain,
    method: 'GET',
    path: '/sns-live-cnt/v1/credit/detail',
    auth: 'login',
    request: liveContextSchema.extend(pageQuerySchema.shape),
    response: pageOf(creditRecordSchema).extend({ score: z.number().int(), grade: z.string() }),
  }),
  dailyTask: endpoint({
    domain,
    method: 'GET',
    path: '/sns-live-user/v1/kol/dailyTask',
    auth: 'login',
    request: liveContextSchema,
    response: dailyTaskSchema,
  }),
  fansGroupInfo: endpoint({
    domain,
    method: 'GET',
    path: '/sns-live-user/v1/fans-group/info',
    auth: 'common',
    request: audienceQuery,
    response: fansGroupInfoSchema,
  }),
  audienceRankList: endpoint({
    domain,
    method: 'GET',
    path: '/sns-live-user/v1/audience/fans-group/rank-list',
    auth: 'common',
    /** `period: today` ranks by today's intimacy (one page of the top members). */
    request: audienceQuery.extend(pageQuerySchema.shape).extend({ period: rankPeriodSchema.default('all') }),
    response: pageOf(fansRankItemSchema).extend({ mine: fansRankItemSchema.nullable() }),
  }),
  weekTaskInfo: endpoint({
    domain,
    method: 'GET',
    path: '/sns-live-user/v1/fans-group/week-task-info',
    auth: 'login',
    request: audienceQuery,
    response: z.object({ week: z.string(), member: z.boolean(), tasks: z.array(weekTaskSchema) }),
  }),
  weekTaskAward: endpoint({
    domain,
    method: 'POST',
    path: '/sns-live-user/v1/fans-group/week-task-award',
    auth: 'login',
    request: audienceQuery.extend({ taskKey: z.string().max(20) }),
    response: z.object({
      taskKey: z.string(),
      intimacy: z.number().int(),
      totalIntimacy: z.number().int(),
      fansLevel: z.number().int(),
    }),
  }),
  levelGift: endpoint({
    domain,
    method: 'GET',
    path: '/sns-live-user/v1/fans-group/levelGift',
    auth: 'common',
    request: audienceQuery,
    response: z.object({ fansLevel: z.number().int(), list: z.array(levelGiftSchema) }),
  }),
  allowanceInfo: endpoint({
    domain,
    method: 'GET',
    path: '/sns-live-user/v1/fans-group/diff-allowance/info',
    auth: 'login',
    request: audienceQuery,
    response: z.object({ fansLevel: z.number().int(), list: z.array(allowanceSchema) }),
  }),
  claimAllowance: endpoint({
    domain,
    method: 'POST',
    path: '/sns-live-user/v1/fans-group/diff-allowance',
    auth: 'login',
    request: audienceQuery.extend({ fansLevel: z.number().int().min(1).max(100) }),
    response: allowanceSchema,
  }),
  liveJump: endpoint({
    domain,
    method: 'GET',
    path: '/sns-live-cnt/v1/live/jump',
    auth: 'common',
    request: liveContextSchema.extend({ roomId: idSchema.optional() }),
    response: z.object({ jumpUrl: z.string(), roomId: z.number().int(), fallback: z.boolean() }),
  }),
  /** Ours: the live room fallback page's data (`/live/room?roomId=`). */
  liveRoom: endpoint({
    domain,
    method: 'GET',
    path: '/sns-live-cnt/v1/live/room',
    auth: 'common',
    request: z.object({ roomId: idSchema }),
    response: liveRoomSchema,
  }),
} as const;

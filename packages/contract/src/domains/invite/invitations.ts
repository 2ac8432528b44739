import { z } from 'zod';
import { endpoint } from '../../endpoint';
import { emptySchema, pageOf, pageQuerySchema, queryInt, userBriefSchema } from '../../shared';
import { loginCodeSchema, phoneSchema } from '../auth';

const domain = 'invite';

// Issue 18 points 1 and 2 (spec §7 "Users and invitations"): an inviter starts an invitation and
// shares its landing; a visitor signs up there with an SMS code (or a new user binds it); the
// inviter sees who joined, their starter tasks and the rewards. Codes 4901–4919 (docs/api.md).

/** How long an invitation code is valid after start-invite made it. */
export const INVITE_TTL_DAYS = 30;
/** Who may accept an invitation when already registered: users registered in the last 7 days. */
export const INVITE_NEW_USER_DAYS = 7;
/** What the inviter earns per invitee who joins (once per invitee): points. */
export const INVITE_REWARD_POINTS = 100;
/** The landing page of an invitation, `?code=` added. */
export const INVITE_LANDING_PATH = '/invite/landing';

/**
 * An invitation code as typed or linked: trimmed and upper-cased. Anything that is no code we
 * gave gets 4901 (not a 400), so a mangled link still shows the landing's "unknown" page.
 */
export const inviteCodeSchema = z
  .string({ error: '请提供邀请码' })
  .trim()
  .min(1, { error: '请提供邀请码' })
  .max(32, { error: '邀请码不能超过 32 个字符' })
  .transform((code) => code.toUpperCase());

/** The starter tasks of an invitee (issue 18 point 3): computed from the real rows, never stored. */
export const STARTER_TASK_KEYS = ['publish', 'follow', 'light'] as const;
export const starterTaskKeySchema = z.enum(STARTER_TASK_KEYS);
export type StarterTaskKey = z.infer<typeof starterTaskKeySchema>;

/** One starter task of a user: its goal and how far the user is (progress capped at the target). */
export const starterTaskSchema = z.object({
  key: starterTaskKeySchema,
  title: z.string(),
  target: z.number().int(),
  progress: z.number().int(),
  done: z.boolean(),
});
export type StarterTask = z.infer<typeof starterTaskSchema>;

/** What a share sheet, WeChat's menu and a chat preview show for an invitation. */
export const inviteShareSchema = z.object({
  title: z.string(),
  desc: z.string(),
  /** Absolute URL of a raster (PNG) picture. */
  image: z.string(),
  /** The absolute landing link. */
  url: z.string(),
});
export type InviteShare = z.infer<typeof inviteShareSchema>;

export const inviteRewardSchema = z.object({
  points: z.number().int(),
  /** One line, e.g. 每邀请 1 位好友注册，你得 100 积分. */
  text: z.string(),
});

export const startInviteSchema = z.object({
  code: z.string(),
  /** The absolute landing link (INVITE_LANDING_PATH?code=…). */
  landingUrl: z.string(),
  expiresAt: z.string(),
  reward: inviteRewardSchema,
  share: inviteShareSchema,
});
export type StartInvite = z.infer<typeof startInviteSchema>;

/**
 * Who looks at a landing: a visitor (sign up), a logged-in user who may bind it (registered in
 * the last 7 days, no invitation yet), one who already accepted one (`bound`), the inviter
 * themselves (`self`), or a user registered too long ago (`not_new`).
 */
export const inviteViewerStateSchema = z.enum(['visitor', 'can_bind', 'bound', 'self', 'not_new']);
export type InviteViewerState = z.infer<typeof inviteViewerStateSchema>;

/** What the invitee earns (issue 28 point 13): a badge per starter task, and one for all of them. */
export const inviteeRewardsSchema = z.object({
  tasks: z.array(z.object({ title: z.string(), reward: z.string() })),
  /** The badge of all the starter tasks done. */
  graduation: z.string(),
});
export type InviteeRewards = z.infer<typeof inviteeRewardsSchema>;

export const invitePageSchema = z.object({
  code: z.string(),
  inviter: userBriefSchema,
  /** What the inviter earns per invitee. */
  reward: inviteRewardSchema,
  /** What the invitee earns: the starter tasks' badges. */
  inviteeRewards: inviteeRewardsSchema,
  rules: z.array(z.string()),
  expiresAt: z.string(),
  /** How many people joined through this inviter so far. */
  joinedCount: z.number().int(),
  share: inviteShareSchema,
  viewer: z.object({ state: inviteViewerStateSchema }),
});
export type InvitePage = z.infer<typeof invitePageSchema>;

/** How an invitee came: signed up on the landing, or (registered already) bound it while logged in. */
export const inviteViaSchema = z.enum(['sign_up', 'bind']);

export const inviteeSchema = z.object({
  user: userBriefSchema,
  joinedAt: z.string(),
  via: inviteViaSchema,
  tasks: z.array(starterTaskSchema),
  /** The inviter's reward for this invitee (INVITE_REWARD_POINTS, credited once). */
  rewardPoints: z.number().int(),
});
export type Invitee = z.infer<typeof inviteeSchema>;

export const activityPageSchema = pageOf(inviteeSchema).extend({
  totals: z.object({
    signUps: z.number().int(),
    rewardPoints: z.number().int(),
    /** Invitees who finished every starter task. */
    finishedInvitees: z.number().int(),
  }),
});
export type ActivityPage = z.infer<typeof activityPageSchema>;

/** One day of a weekly report (China time): the inviter's sign-ups and rewards, the invitees' actions. */
export const weeklyDaySchema = z.object({
  /** YYYY-MM-DD. */
  date: z.string(),
  signUps: z.number().int(),
  rewardPoints: z.number().int(),
  /** Invitees who published, followed or lit anything that day. */
  activeInvitees: z.number().int(),
  publishes: z.number().int(),
  follows: z.number().int(),
  lights: z.number().int(),
});
export type WeeklyDay = z.infer<typeof weeklyDaySchema>;

export const weeklyReportSchema = z.object({
  /** Monday and Sunday of the week, YYYY-MM-DD (China time). */
  weekStart: z.string(),
  weekEnd: z.string(),
  weeksAgo: z.number().int(),
  totals: z.object({
    signUps: z.number().int(),
    rewardPoints: z.number().int(),
    activeInvitees: z.number().int(),
    actions: z.number().int(),
  }),
  /** Monday first; days after today have zeros. */
  days: z.array(weeklyDaySchema),
});
export type WeeklyReport = z.infer<typeof weeklyReportSchema>;

/** The oldest week a report goes back to. */
export const WEEKLY_REPORT_MAX_WEEKS_AGO = 12;

export const inviteCalls = {
  /** An SMS code to the number (the dev outbox outside production); one per 60 s, daily caps, risk check. */
  sendCaptcha: endpoint({
    domain,
    method: 'POST',
    path: '/sns-user-biz/v1/common/h5/draft/send-captcha',
    auth: 'common',
    request: z.object({ phone: phoneSchema }),
    response: z.object({ expiresInSeconds: z.number().int(), resendInSeconds: z.number().int() }),
  }),
  /**
   * Checks (and uses) the SMS code: a short-lived `authToken` proves the number to
   * invited-sign-up. Wrong, expired and too many tries are refused each with its own code.
   */
  inviteAuth: endpoint({
    domain,
    method: 'POST',
    path: '/sns-user-biz/v1/common/h5/draft/invite-auth',
    auth: 'common',
    request: z.object({ phone: phoneSchema, smsCode: loginCodeSchema }),
    response: z.object({
      authToken: z.string(),
      expiresInSeconds: z.number().int(),
      /** The number has an account already: sign-up will refuse it (log in instead). */
      registered: z.boolean(),
    }),
  }),
  /** A new account for the proven number, with a session, linked to the inviter exactly once. */
  invitedSignUp: endpoint({
    domain,
    method: 'POST',
    path: '/sns-user-biz/v1/common/h5/draft/invited-sign-up',
    auth: 'common',
    request: z.object({ code: inviteCodeSchema, authToken: z.string().min(1).max(100) }),
    response: z.object({
      user: userBriefSchema,
      inviter: userBriefSchema,
      duToken: z.string(),
      xAuthToken: z.string(),
    }),
  }),
  /** The login variant: a user registered in the last 7 days accepts an invitation, once. */
  invitedBind: endpoint({
    domain,
    method: 'POST',
    path: '/sns-user-biz/v1/h5/draft/invited-sign-up',
    auth: 'login',
    request: z.object({ code: inviteCodeSchema }),
    response: z.object({ inviter: userBriefSchema, joinedAt: z.string() }),
  }),
  /** The caller's invitation (made on first call, renewed once expired): code, landing, share info. */
  startInvite: endpoint({
    domain,
    method: 'POST',
    path: '/sns-user-biz/v1/h5/draft/start-invite',
    auth: 'login',
    request: emptySchema,
    response: startInviteSchema,
  }),
  /** The landing by code: the inviter, the reward, the rules; 4901 unknown, 4902 expired. */
  invitePage: endpoint({
    domain,
    method: 'GET',
    path: '/sns-user-biz/v1/common/h5/draft/invite-page',
    auth: 'common',
    // The landing draws its own page for an unknown or expired code.
    errorToast: false,
    request: z.object({ code: inviteCodeSchema }),
    response: invitePageSchema,
  }),
  /** The inviter's progress: invitees (newest first, paged), their starter tasks, rewards. */
  activityPage: endpoint({
    domain,
    method: 'GET',
    path: '/sns-user-biz/v1/h5/draft/activity-page',
    auth: 'login',
    request: pageQuerySchema,
    response: activityPageSchema,
  }),
  /** The inviter's week (Monday to Sunday, China time): sign-ups, rewards, invitees' activity per day. */
  weeklyReport: endpoint({
    domain,
    method: 'GET',
    path: '/sns-user-biz/v1/h5/draft/weekly-report',
    auth: 'login',
    request: z.object({ weeksAgo: queryInt(0, WEEKLY_REPORT_MAX_WEEKS_AGO).default(0) }),
    response: weeklyReportSchema,
  }),
} as const;

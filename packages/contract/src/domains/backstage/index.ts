import { z } from 'zod';
import { endpoint, OPERATOR_ROLES, operatorEndpoint } from '../../endpoint';
import { emptySchema, idSchema, pageOf, pageQuerySchema } from '../../shared';

const domain = 'backstage';

/** Backstage (issue 30): operator login, the operator's own session and the audit log. */
export const operatorRoleSchema = z.enum(OPERATOR_ROLES);

/** An operator as the backstage shows them. */
export const operatorBriefSchema = z.object({
  operatorId: z.number().int(),
  name: z.string(),
  role: operatorRoleSchema,
  /** The account has a TOTP second factor. */
  totp: z.boolean(),
});
export type OperatorBrief = z.infer<typeof operatorBriefSchema>;

/** An operator name: what `npm run operator -- add` accepts. */
export const operatorNameSchema = z
  .string()
  .regex(/^[a-z][a-z0-9._-]{2,31}$/, '3–32 位小写字母、数字或 . _ -，以字母开头');

/**
 * Every action the audit log records, by name: the server writes only these (recordAudit), and
 * the backstage shows each in Chinese (a missing label is a type error there).
 */
export const AUDIT_ACTIONS = [
  'operator.create',
  'operator.login',
  'operator.login_failed',
  'operator.locked',
  'operator.logout',
  'operator.password',
  'operator.totp',
  'operator.unlock',
  'operator.disable',
  'operator.enable',
  'report.uphold',
  'report.reject',
  'content.take_down',
  'content.approve',
  'content.reject',
  'comment.hide',
  'comment.unhide',
  'user.ban',
  'user.unban',
  'video_account.approve',
  'video_account.reject',
  'lottery.create',
  'lottery.ship',
  'pick.create',
  'activity.window.update',
  'activity.window.restore',
  'activity.products.update',
  'config.document.update',
  'config.document.restore',
  'job.run',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One row of the audit log: who did what to which object, from where, the value before and after. */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  operatorId: z.number().int().nullable(),
  operatorName: z.string(),
  address: z.string(),
  action: z.string(),
  objectType: z.string(),
  objectId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** A time bound of a backstage filter: an ISO instant (the page sends its local day's start or end). */
const instantSchema = z.iso.datetime({ offset: true, message: '必须是 ISO 8601 时间' });

/** One attempt of a scheduled job (issue 31 point 4): the server's `job_runs` row. */
export const jobRunSchema = z.object({
  id: z.number().int(),
  job: z.string(),
  trigger: z.enum(['schedule', 'send', 'operator']),
  state: z.enum(['running', 'succeeded', 'failed']),
  attempt: z.number().int(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  result: z.unknown(),
  error: z.string().nullable(),
});
export type JobRun = z.infer<typeof jobRunSchema>;

const jobNameSchema = z.string().regex(/^[a-z][a-z0-9-]{0,63}$/, '任务名不正确');

export const backstage = {
  /** Logs an operator in: name, password and, where the account has one, the TOTP code. */
  login: endpoint({
    domain,
    method: 'POST',
    path: '/backstage/v1/login',
    auth: 'common',
    request: z.object({
      name: z.string().min(1).max(32),
      password: z.string().min(1).max(200),
      totp: z
        .string()
        .regex(/^\d{6}$/, '必须是 6 位数字')
        .optional(),
    }),
    response: operatorBriefSchema,
  }),
  /** Ends the caller's operator session. */
  logout: operatorEndpoint({
    domain,
    method: 'POST',
    path: '/backstage/v1/logout',
    roles: OPERATOR_ROLES,
    request: emptySchema,
    response: emptySchema,
  }),
  /** The operator of the session (what the backstage's navigation offers depends on the role). */
  me: operatorEndpoint({
    domain,
    method: 'GET',
    path: '/backstage/v1/me',
    roles: OPERATOR_ROLES,
    request: emptySchema,
    response: operatorBriefSchema,
  }),
  /** The audit log, newest first, filtered by operator, object and time (admin). */
  audit: operatorEndpoint({
    domain,
    method: 'GET',
    path: '/backstage/v1/audit',
    roles: [],
    request: z.object({
      ...pageQuerySchema.shape,
      operatorId: idSchema.optional(),
      objectType: z.string().max(40).optional(),
      objectId: z.string().max(40).optional(),
      from: instantSchema.optional(),
      to: instantSchema.optional(),
    }),
    response: pageOf(auditEntrySchema),
  }),
  /** Every operator account (admin): accounts are made on the command line, never here. */
  operators: operatorEndpoint({
    domain,
    method: 'GET',
    path: '/backstage/v1/operators',
    roles: [],
    request: emptySchema,
    response: z.object({
      list: z.array(
        operatorBriefSchema.extend({ disabled: z.boolean(), lastLoginAt: z.string().nullable() }),
      ),
    }),
  }),
  /** The server's scheduled jobs (定时任务, admin): names and crons, for the filter and 立即运行. */
  jobs: operatorEndpoint({
    domain,
    method: 'GET',
    path: '/backstage/v1/jobs',
    roles: [],
    request: emptySchema,
    response: z.object({
      queue: z.enum(['pg-boss', 'in-process']),
      list: z.array(z.object({ name: z.string(), schedule: z.string().nullable() })),
    }),
  }),
  /** Job runs, newest first, keyset-paged, filtered by job and state (admin). */
  jobRuns: operatorEndpoint({
    domain,
    method: 'GET',
    path: '/backstage/v1/jobs/runs',
    roles: [],
    request: z.object({
      ...pageQuerySchema.shape,
      job: jobNameSchema.optional(),
      state: z.enum(['running', 'succeeded', 'failed']).optional(),
    }),
    response: pageOf(jobRunSchema),
  }),
  /** 立即运行: queues one run of a job now (admin; audited as `job.run`). */
  runJob: operatorEndpoint({
    domain,
    method: 'POST',
    path: '/backstage/v1/jobs/run',
    roles: [],
    request: z.object({ job: jobNameSchema }),
    response: z.object({ job: z.string() }),
  }),
} as const;

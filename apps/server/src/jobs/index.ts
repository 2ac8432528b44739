import { activityJobs } from '../domains/activity/jobs';
import { analyticsJobs } from '../domains/analytics/jobs';
import { authJobs } from '../domains/auth/jobs';
import { backstageJobs } from '../domains/backstage/jobs';
import { creatorJobs } from '../domains/creator/jobs';
import { inviteJobs } from '../domains/invite/jobs';
import { liveJobs } from '../domains/live/jobs';
import { lotteryJobs } from '../domains/lottery/jobs';
import { uploadJobs } from '../domains/upload/jobs';
import type { Env } from '../env';
import { InProcessQueue } from './in-process';
import { PgBossQueue } from './pg-boss';
import { probeJob } from './probe';
import type { JobDefinition, JobDeps, JobQueue } from './types';

export type { JobDefinition, JobDeps, JobQueue } from './types';

/** Every domain's jobs: a new job is one more entry here (its domain's `jobs.ts`). */
const DOMAIN_JOBS: readonly JobDefinition[] = [
  ...lotteryJobs,
  ...inviteJobs,
  ...activityJobs,
  ...authJobs,
  ...uploadJobs,
  ...analyticsJobs,
  ...liveJobs,
  ...backstageJobs,
  ...creatorJobs,
];

/** The jobs a server runs: the domains', and outside production the retry probe. */
export function jobDefinitions(env: Pick<Env, 'APP_ENV'>): JobDefinition[] {
  const jobs = [...DOMAIN_JOBS, ...(env.APP_ENV === 'pro' ? [] : [probeJob as JobDefinition])];
  const names = new Set(jobs.map((job) => job.name));
  if (names.size !== jobs.length) throw new Error('two jobs share a name');
  return jobs;
}

/** pg-boss on PostgreSQL (`databaseUrl`), else the in-process runner (PGlite). Not started. */
export function createJobQueue(deps: JobDeps, databaseUrl: string | undefined): JobQueue {
  const definitions = jobDefinitions(deps.env);
  return databaseUrl
    ? new PgBossQueue(databaseUrl, definitions, deps)
    : new InProcessQueue(definitions, deps);
}

import type { contract, InputOf, JobRun, Page } from '@h5/contract';
import { and, eq, type SQL } from 'drizzle-orm';
import type { Db, ReadDb } from '../db/client';
import { pageFrom, rowsToRead, timeKeyset } from '../db/keyset';
import { jobRuns } from '../db/schema';
import { recordAudit } from '../domains/backstage/audit';
import { notFound } from '../plugins/errors';
import type { OperatorSession } from '../plugins/operator-session';
import type { JobQueue } from './types';

export const JOB_MESSAGES = {
  /** 立即运行 of a name the server has no job for. */
  unknownJob: (name: string) => `没有名为 ${name} 的定时任务`,
} as const;

const newestFirst = timeKeyset(jobRuns.startedAt, jobRuns.id);

/** backstage jobs/runs: the runs newest first, by job and state. */
export async function listJobRuns(
  db: ReadDb,
  input: InputOf<typeof contract.backstage.jobRuns>,
): Promise<Page<JobRun>> {
  const conditions: (SQL | undefined)[] = [
    newestFirst.after(input.lastId),
    input.job ? eq(jobRuns.job, input.job) : undefined,
    input.state ? eq(jobRuns.state, input.state) : undefined,
  ];
  const rows = await db
    .select()
    .from(jobRuns)
    .where(and(...conditions))
    .orderBy(...newestFirst.orderBy)
    .limit(rowsToRead(input));
  const page = pageFrom(rows, input.limit, (row) => newestFirst.cursor(row.startedAt, row.id));
  return {
    ...page,
    list: page.list.map((row) => ({
      id: row.id,
      job: row.job,
      trigger: row.trigger as JobRun['trigger'],
      state: row.state as JobRun['state'],
      attempt: row.attempt,
      startedAt: row.startedAt.toISOString(),
      finishedAt: row.finishedAt?.toISOString() ?? null,
      result: row.result,
      error: row.error,
    })),
  };
}

/** backstage jobs/run (立即运行): queues one run now, audited first (the send is not a database write of ours). */
export async function runJobNow(
  db: Db,
  jobs: JobQueue,
  operator: OperatorSession,
  name: string,
): Promise<{ job: string }> {
  if (!jobs.definitions.has(name)) throw notFound(JOB_MESSAGES.unknownJob(name));
  await recordAudit(db, operator, {
    action: 'job.run',
    objectType: 'job',
    objectId: name,
    before: null,
    after: { job: name },
  });
  await jobs.send(name, {}, { trigger: 'operator' });
  return { job: name };
}

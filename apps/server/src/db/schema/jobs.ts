import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { jsonValue } from './json';

const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * One attempt of a scheduled or sent job (issue 31 point 4), written by whichever queue runs it
 * (pg-boss on PostgreSQL, the in-process runner on PGlite): `running` when it starts, then
 * `succeeded` with what it did (`result`) or `failed` with the error. A retry is a new row with
 * the next `attempt`. The backstage 定时任务 page lists these, newest first.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    job: varchar('job', { length: 64 }).notNull(),
    /** schedule: its cron; send: sent by the code (a lottery's draw time); operator: 立即运行. */
    trigger: varchar('trigger', { length: 10 }).notNull(),
    state: varchar('state', { length: 10 }).notNull(),
    attempt: integer('attempt').notNull(),
    startedAt: at('started_at').notNull().defaultNow(),
    finishedAt: at('finished_at'),
    result: jsonValue('result'),
    error: text('error'),
  },
  (t) => [
    index('job_runs_started_idx').on(t.startedAt.desc(), t.id.desc()),
    index('job_runs_job_started_idx').on(t.job, t.startedAt.desc(), t.id.desc()),
    check('job_runs_state_check', sql`${t.state} in ('running', 'succeeded', 'failed')`),
    check('job_runs_trigger_check', sql`${t.trigger} in ('schedule', 'send', 'operator')`),
  ],
);

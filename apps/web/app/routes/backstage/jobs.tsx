import type { JobRun } from '@h5/contract';
import { useState } from 'react';
import { useEntry } from '../../lib/data-layer/use-entry';
import { BACKSTAGE_TEXT } from '../../lib/ui-text/backstage';
import { jobLabel, JOBS_TEXT as text } from '../../lib/ui-text/backstage-jobs';
import { useAction } from '../../lib/use-action';
import { BackstageEntry } from './ui/BackstageEntry';
import styles from './ui/backstage.module.css';
import { type Column, DataTable } from './ui/DataTable';
import { FormError } from './ui/FormError';
import { PagedTable } from './ui/PagedTable';
import { RolePage } from './ui/RolePage';
import { optionsOf, SelectField } from './ui/SelectField';
import { usePages } from './ui/use-pages';

const when = (at: string | null) => (at ? new Date(at).toLocaleString('zh-CN') : '');

const runColumns: readonly Column<JobRun>[] = [
  { key: 'startedAt', title: text.runColumns.startedAt, cell: (row) => when(row.startedAt) },
  { key: 'job', title: text.runColumns.job, cell: (row) => jobLabel(row.job) },
  { key: 'trigger', title: text.runColumns.trigger, cell: (row) => text.triggers[row.trigger] },
  {
    key: 'state',
    title: text.runColumns.state,
    cell: (row) => <span className={styles.badge}>{text.states[row.state]}</span>,
  },
  { key: 'attempt', title: text.runColumns.attempt, cell: (row) => row.attempt },
  { key: 'finishedAt', title: text.runColumns.finishedAt, cell: (row) => when(row.finishedAt) },
  {
    key: 'detail',
    title: text.runColumns.detail,
    cell: (row) =>
      row.error ? (
        <pre className={styles.code}>{row.error.split('\n')[0]}</pre>
      ) : row.result != null ? (
        <pre className={styles.code}>{JSON.stringify(row.result)}</pre>
      ) : null,
  },
];

type State = JobRun['state'];

/** 定时任务 (admin, issue 31 point 4): the server's jobs, 立即运行, and every run with its attempts. */
export default function JobsPage() {
  const [jobs, reloadJobs] = useEntry('backstage.jobs', {}, null);
  const [draft, setDraft] = useState<{ job?: string; state?: State }>({});
  const [filters, setFilters] = useState<{ job?: string; state?: State }>({});
  const [queued, setQueued] = useState<string | null>(null);
  const pages = usePages('backstage.jobRuns', {
    ...(filters.job ? { job: filters.job } : {}),
    ...(filters.state ? { state: filters.state } : {}),
  });
  const runNow = useAction('backstage.runJob', {
    invalidates: ['backstage.jobRuns'],
    onDone: (answer) => setQueued(answer.job),
  });
  return (
    <RolePage path="/backstage/jobs">
      <section className={styles.panel}>
        <BackstageEntry state={jobs} onRetry={reloadJobs}>
          {({ queue, list }) => (
            <>
              <p className={styles.note}>{text.queue[queue]}</p>
              <DataTable
                caption={text.jobsCaption}
                columns={[
                  { key: 'name', title: text.jobColumns.name, cell: (row) => jobLabel(row.name) },
                  {
                    key: 'schedule',
                    title: text.jobColumns.schedule,
                    cell: (row) => row.schedule ?? text.sent,
                  },
                  {
                    key: 'action',
                    title: text.jobColumns.action,
                    cell: (row) => (
                      <button
                        type="button"
                        className={styles.button}
                        disabled={runNow.busyKey === row.name}
                        aria-label={`${text.runNow} ${jobLabel(row.name)}`}
                        onClick={() => {
                          setQueued(null);
                          void runNow.run({ job: row.name }, row.name);
                        }}
                      >
                        {text.runNow}
                      </button>
                    ),
                  },
                ]}
                rows={list}
                rowKey={(row) => row.name}
                testId="jobs-table"
              />
              {queued ? <p className={styles.note}>{text.queued(jobLabel(queued))}</p> : null}
              <FormError message={runNow.error} />
              <form
                className={styles.filters}
                aria-label={BACKSTAGE_TEXT.filter}
                onSubmit={(event) => {
                  event.preventDefault();
                  setFilters(draft);
                }}
              >
                <SelectField
                  label={text.filters.job}
                  name="job"
                  value={draft.job ?? ''}
                  options={[
                    ['', text.filters.all],
                    ...list.map((job) => [job.name, jobLabel(job.name)] as const),
                  ]}
                  onChange={(job) => setDraft({ ...draft, job: job || undefined })}
                />
                <SelectField<State | ''>
                  label={text.filters.state}
                  name="state"
                  value={draft.state ?? ''}
                  options={[['', text.filters.all], ...optionsOf(text.states)]}
                  onChange={(state) => setDraft({ ...draft, state: state || undefined })}
                />
                <button type="submit" className={styles.primary}>
                  {BACKSTAGE_TEXT.filter}
                </button>
              </form>
            </>
          )}
        </BackstageEntry>
        <PagedTable
          pages={pages}
          caption={text.runsCaption}
          columns={runColumns}
          rowKey={(row) => row.id}
          testId="job-runs-table"
        />
      </section>
    </RolePage>
  );
}

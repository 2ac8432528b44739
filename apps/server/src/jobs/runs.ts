import { eq } from 'drizzle-orm';
import { jobRuns } from '../db/schema';
import type { JobDefinition, JobDeps, JobTrigger } from './types';

/** The longest error text kept on a run. */
const ERROR_MAX = 2000;

const errorText = (error: unknown): string =>
  (error instanceof Error ? error.stack || error.message : String(error)).slice(0, ERROR_MAX);

/**
 * Runs one attempt of `definition` and records it in `job_runs` (both queues call this): a
 * `running` row first, then `succeeded` with the body's answer or `failed` with its error, which
 * is thrown on so the queue retries.
 */
export async function runRecorded(
  definition: JobDefinition,
  deps: JobDeps,
  data: Record<string, unknown>,
  attempt: number,
  trigger: JobTrigger,
): Promise<unknown> {
  let runId: number | undefined;
  try {
    const [row] = await deps.db
      .insert(jobRuns)
      .values({ job: definition.name, trigger, state: 'running', attempt })
      .returning({ id: jobRuns.id });
    runId = row?.id;
    const result = await definition.run(deps, data, attempt);
    if (runId !== undefined)
      await deps.db
        .update(jobRuns)
        .set({ state: 'succeeded', finishedAt: new Date(), result: result ?? null })
        .where(eq(jobRuns.id, runId));
    return result;
  } catch (error) {
    // Logged whatever failed, the record's own insert included (a database away): the queue retries.
    deps.log.warn({ err: error, job: definition.name, attempt }, 'job attempt failed');
    if (runId !== undefined)
      await deps.db
        .update(jobRuns)
        .set({ state: 'failed', finishedAt: new Date(), error: errorText(error) })
        .where(eq(jobRuns.id, runId))
        .catch(() => undefined);
    throw error;
  }
}

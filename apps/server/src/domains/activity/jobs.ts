import { and, desc, eq, gt, lte, or } from 'drizzle-orm';
import { activities, jobRuns } from '../../db/schema';
import { databaseNow } from '../../jobs/batches';
import type { JobDefinition } from '../../jobs/types';

export const ACTIVITY_WINDOWS_JOB = 'activity-windows';
/** The first run looks back this far. */
const FIRST_LOOK_BACK_MS = 60_000;

/**
 * Every minute: the activity windows that opened or closed since the last successful run,
 * recorded on this run (定时任务 shows when each activity opened and closed). A window's state
 * is worked out at every read (window.ts `stateAt`), and visitors' kept answers live one second,
 * so a transition has no row to change and no cache to purge: recording it is the whole job.
 */
export const activityJobs: JobDefinition[] = [
  {
    name: ACTIVITY_WINDOWS_JOB,
    schedule: '* * * * *',
    async run({ db }) {
      const now = await databaseNow(db);
      const [last] = await db
        .select({ startedAt: jobRuns.startedAt })
        .from(jobRuns)
        .where(and(eq(jobRuns.job, ACTIVITY_WINDOWS_JOB), eq(jobRuns.state, 'succeeded')))
        .orderBy(desc(jobRuns.startedAt))
        .limit(1);
      const since = last?.startedAt ?? new Date(now.getTime() - FIRST_LOOK_BACK_MS);
      const moved = await db
        .select({ code: activities.code, startsAt: activities.startsAt, endsAt: activities.endsAt })
        .from(activities)
        .where(
          or(
            and(gt(activities.startsAt, since), lte(activities.startsAt, now)),
            and(gt(activities.endsAt, since), lte(activities.endsAt, now)),
          ),
        );
      const inRange = (at: Date) => at > since && at <= now;
      return {
        since: since.toISOString(),
        opened: moved.filter((row) => inRange(row.startsAt)).map((row) => row.code),
        closed: moved.filter((row) => inRange(row.endsAt)).map((row) => row.code),
      };
    },
  },
];

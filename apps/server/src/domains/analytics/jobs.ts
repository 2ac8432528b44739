import { sql } from 'drizzle-orm';
import { deleteInBatches } from '../../jobs/batches';
import type { JobDefinition } from '../../jobs/types';

/** Daily at 03:23 UTC: analytics events that occurred more than ANALYTICS_RETENTION_DAYS ago, in batches. */
export const analyticsJobs: JobDefinition[] = [
  {
    name: 'analytics-retention',
    schedule: '23 3 * * *',
    run: async ({ db, env }) => ({
      deleted: await deleteInBatches(
        db,
        'analytics_events',
        sql`occurred_at < now() - make_interval(days => ${env.ANALYTICS_RETENTION_DAYS})`,
      ),
    }),
  },
];

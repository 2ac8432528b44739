import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import type { JobDefinition } from '../../jobs/types';

/**
 * Slides the data centre's period windows (`content_period_views`, migration 0045) to today's
 * China day, if they end earlier; answers how many rows changed (0 when they were there, -1 when
 * the writers held the lock for 500 ms: the next run slides them). Until it has run after a
 * China midnight, the content list sums the daily figures instead.
 */
export async function advancePeriodViews(db: Db): Promise<number> {
  const result = await db.execute(
    sql`select content_period_views_advance((now() at time zone 'UTC' + interval '8 hours')::date) as n`,
  );
  return Number(rowsOf<{ n: number | string }>(result)[0]?.n ?? 0);
}

/**
 * Every minute (a check of one row when nothing is due): the windows move at the first run
 * after China midnight (16:00 UTC), or after a server that was down comes back.
 */
export const creatorJobs: JobDefinition[] = [
  {
    name: 'creator-period-views',
    schedule: '* * * * *',
    run: async ({ db }) => ({ changed: await advancePeriodViews(db) }),
  },
];

import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import type { JobDefinition } from '../../jobs/types';

/** Days ahead of today (UTC) whose analytics_events partitions exist before their events come. */
export const PARTITION_DAYS_AHEAD = 7;

/**
 * How long partition work waits for the parent's lock: dropping a partition locks the table
 * exclusively, and a wait behind a long read would queue the collector's inserts behind it.
 * The job fails and is retried instead.
 */
const LOCK_TIMEOUT = '5s';

/** Runs one partition function in a transaction with {@link LOCK_TIMEOUT}; answers its number. */
async function partitionWork(db: Db, call: ReturnType<typeof sql>): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local lock_timeout = ${sql.raw(`'${LOCK_TIMEOUT}'`)}`);
    const [row] = rowsOf<{ n: number | string }>(await tx.execute(sql`select ${call} as n`));
    return Number(row?.n ?? 0);
  });
}

/**
 * The partitions of yesterday to {@link PARTITION_DAYS_AHEAD} days ahead, and of any day whose
 * events fell into the default partition (moved out of it); answers how many were created.
 */
export const createPartitions = (db: Db): Promise<number> =>
  partitionWork(db, sql`analytics_events_partitions(${PARTITION_DAYS_AHEAD}::integer)`);

/**
 * At start-up: yesterday's to {@link PARTITION_DAYS_AHEAD} days' partitions where missing (a
 * server that was down when the daily job ran); leaves the default partition to that job.
 */
export const createComingPartitions = (db: Db): Promise<number> =>
  partitionWork(
    db,
    sql`(select count(*)::integer from generate_series(-1, ${PARTITION_DAYS_AHEAD}::integer) as k
      where analytics_events_add_partition((now() at time zone 'UTC')::date + k))`,
  );

/**
 * Drops the day partitions wholly older than `retentionDays` (UTC days: an event stays at most
 * one day longer) and the default partition's rows older than that; answers how many events left.
 */
export const dropOldPartitions = (db: Db, retentionDays: number): Promise<number> =>
  partitionWork(
    db,
    sql`analytics_events_drop_before(now() - make_interval(days => ${retentionDays}::integer))`,
  );

/**
 * Daily: 03:13 UTC the coming days' partitions of analytics_events, 03:23 UTC the retention
 * (ANALYTICS_RETENTION_DAYS) by dropping whole days, never DELETE (docs/decisions/027).
 */
export const analyticsJobs: JobDefinition[] = [
  {
    name: 'analytics-partitions',
    schedule: '13 3 * * *',
    run: async ({ db }) => ({ created: await createPartitions(db) }),
  },
  {
    name: 'analytics-retention',
    schedule: '23 3 * * *',
    run: async ({ db, env }) => ({ deleted: await dropOldPartitions(db, env.ANALYTICS_RETENTION_DAYS) }),
  },
];

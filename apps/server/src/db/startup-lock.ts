import pg from 'pg';
import type { DatabaseLog } from './reopening-pglite';

/**
 * The one advisory-lock key of start-up work (migrations, seed, configuration rows): a fixed
 * number no other lock of ours uses ("H5start" in ASCII).
 */
const STARTUP_LOCK_KEY = '20307358466663796';

/**
 * Runs `work` while this process holds the start-up lock of the PostgreSQL at `url` (issue 26
 * point 4): nodes started together on one database migrate and seed one at a time, and those
 * that waited find the work done. The lock is transaction-scoped on a connection of its own,
 * held open for the work: it works through PgBouncer's transaction pooling, and a process that
 * dies mid-way ends its transaction, so the lock can never outlive it.
 */
export async function withStartupLock<T>(url: string, work: () => Promise<T>, log?: DatabaseLog): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', (error) => log?.warn({ err: error }, 'start-up lock connection lost'));
  await client.connect();
  try {
    await client.query('BEGIN');
    const tried = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS locked', [
      STARTUP_LOCK_KEY,
    ]);
    if (!tried.rows[0]?.locked) {
      log?.info({}, 'another node is migrating or seeding this database: waiting for it');
      await client.query('SELECT pg_advisory_xact_lock($1)', [STARTUP_LOCK_KEY]);
    }
    const result = await work();
    await client.query('COMMIT');
    return result;
  } finally {
    await client.end().catch(() => undefined);
  }
}

import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/client';

/** Rows one delete statement removes at most, so a clean-up never holds a long transaction. */
export const DELETE_BATCH = 5_000;

/**
 * Deletes the rows of `table` matching `where`, {@link DELETE_BATCH} at a time (by ctid), until
 * none is left; returns how many went. Safe beside another process doing the same.
 */
export async function deleteInBatches(
  db: Db,
  table: string,
  where: SQL,
  batch = DELETE_BATCH,
): Promise<number> {
  let deleted = 0;
  for (;;) {
    const result = await db.execute(sql`
      with doomed as (select ctid from ${sql.identifier(table)} where ${where} limit ${batch})
      delete from ${sql.identifier(table)} where ctid in (select ctid from doomed)
      returning 1 as one`);
    const count = rowsOf(result).length;
    deleted += count;
    if (count < batch) return deleted;
  }
}

/** The database's clock: jobs compare with times the database wrote (`now()`), not the node's. */
export async function databaseNow(db: Db): Promise<Date> {
  const [row] = rowsOf<{ now: string | Date }>(await db.execute(sql`select now() as now`));
  return new Date(row?.now ?? Date.now());
}

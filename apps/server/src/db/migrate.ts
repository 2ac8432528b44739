import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { serverRoot } from '../paths';
import { type Database, type Db, rowsOf } from './client';

/** The checked-in migrations: apps/server/drizzle. */
export const migrationsFolder = (): string => join(serverRoot(), 'drizzle');

/** Applies pending migrations with Drizzle's migrator (the same SQL files on both drivers). */
export async function migrate(database: Database): Promise<void> {
  const config = { migrationsFolder: migrationsFolder() };
  if (database.kind === 'pglite') await migratePglite(database.db as unknown as PgliteDatabase, config);
  else await migratePg(database.db as unknown as NodePgDatabase, config);
}

/** The newest checked-in migration's time (Drizzle's `folderMillis`), read once. */
let newestMigration: number | undefined;
const newestMigrationMillis = (): number => {
  newestMigration ??= Math.max(
    ...readMigrationFiles({ migrationsFolder: migrationsFolder() }).map((m) => m.folderMillis),
  );
  return newestMigration;
};

/**
 * True when the database holds every checked-in migration: Drizzle's own journal table
 * (`drizzle.__drizzle_migrations`, which its migrator writes) has the newest one. A database no
 * migrator has touched yet has no such table: not migrated.
 */
export async function isMigrated(db: Db): Promise<boolean> {
  // Two statements: PostgreSQL resolves every table a statement names before running any of it.
  const [journal] = rowsOf<{ table: string | null }>(
    await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations')::text as "table"`),
  );
  if (!journal?.table) return false;
  const [row] = rowsOf<{ newest: string | null }>(
    await db.execute(sql`select max(created_at)::text as newest from drizzle.__drizzle_migrations`),
  );
  return row?.newest != null && Number(row.newest) >= newestMigrationMillis();
}

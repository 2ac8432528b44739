import type { SQL } from 'drizzle-orm';
import { type Database, type Db, openDatabase, rowsOf } from '../db/client';
import { migrate } from '../db/migrate';
import { seedIfEmpty } from '../db/seed';

let shared: Promise<Database> | undefined;

/**
 * ONE database per test run (vitest `isolate: false` shares this module across files): PGlite in
 * memory, or the PostgreSQL of DATABASE_URL (which may be reused, so tests never assume it is fresh).
 * Migrated and seeded once.
 */
export function testDatabase(): Promise<Database> {
  shared ??= (async () => {
    const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined });
    await migrate(database);
    await seedIfEmpty(database.db);
    return database;
  })();
  return shared;
}

/** The rows of a raw statement on a test database, typed as the caller reads them. */
export async function selectRows<T>(db: Db, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

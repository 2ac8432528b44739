import { join } from 'node:path';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { serverRoot } from '../paths';
import type { Database } from './client';

/** The checked-in migrations: apps/server/drizzle. */
export const migrationsFolder = (): string => join(serverRoot(), 'drizzle');

/** Applies pending migrations with Drizzle's migrator (the same SQL files on both drivers). */
export async function migrate(database: Database): Promise<void> {
  const config = { migrationsFolder: migrationsFolder() };
  if (database.kind === 'pglite') await migratePglite(database.db as unknown as PgliteDatabase, config);
  else await migratePg(database.db as unknown as NodePgDatabase, config);
}

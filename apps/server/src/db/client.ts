import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** One Drizzle type for both drivers: the schema and queries are the same on PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
}

export interface OpenDatabaseOptions {
  /** postgres:// URL; when absent, an embedded PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; absent means in memory. */
  pgliteDir?: string | undefined;
}

/** Opens PostgreSQL (pg Pool) when a URL is given, else PGlite on disk or in memory. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  let dir: string | undefined;
  if (options.pgliteDir) {
    dir = resolve(options.pgliteDir);
    mkdirSync(dir, { recursive: true });
  }
  const client = dir ? new PGlite(dir) : new PGlite();
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return { db, kind: 'pglite', close: () => client.close() };
}

/** Where PGlite keeps its files under DATA_DIR. */
export const pgliteDirOf = (dataDir: string): string => join(dataDir, 'pglite');

/** The rows of a raw `db.execute(sql…)`: both drivers answer `{ rows }` (pg QueryResult, PGlite Results). */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

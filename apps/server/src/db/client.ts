import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { openPool } from './pg-pool';
import { type DatabaseLog, ReopeningPglite } from './reopening-pglite';
import * as schema from './schema';
import { withStartupLock } from './startup-lock';

export type { DatabaseLog } from './reopening-pglite';

export type Schema = typeof schema;
/** One Drizzle type for both drivers: the schema and queries are the same on PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
  /**
   * Runs start-up work (migrations, seed) alone: on PostgreSQL under an advisory lock shared by
   * every process on the database (startup-lock.ts); PGlite has one process per data folder.
   */
  exclusive: <T>(work: () => Promise<T>) => Promise<T>;
}

export interface OpenDatabaseOptions {
  /** postgres:// URL; when absent, an embedded PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; absent means in memory. */
  pgliteDir?: string | undefined;
  /**
   * PostgreSQL: how long a query waits for a pooled connection (a free one, or a new one being
   * opened) before it fails as unavailable (HTTP 503) instead of hanging. Default 5 s.
   */
  connectTimeoutMs?: number | undefined;
  /**
   * PostgreSQL: how long one statement may wait for its answer on an open connection (a frozen or
   * silently dropped server) before it fails as unavailable and the connection is dropped. Default 30 s.
   */
  queryTimeoutMs?: number | undefined;
  /** Where lost connections and PGlite reopens are reported; silent when absent. */
  log?: DatabaseLog | undefined;
}

const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;
const DEFAULT_QUERY_TIMEOUT_MS = 30_000;

/** Opens PostgreSQL (pg Pool) when a URL is given, else PGlite on disk or in memory. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = openPool(options.databaseUrl, {
      connectTimeoutMs: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
      queryTimeoutMs: options.queryTimeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS,
      log: options.log,
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const url = options.databaseUrl;
    return {
      db,
      kind: 'postgres',
      close: () => pool.end(),
      exclusive: (work) => withStartupLock(url, work, options.log),
    };
  }
  let dir: string | undefined;
  if (options.pgliteDir) {
    dir = resolve(options.pgliteDir);
    mkdirSync(dir, { recursive: true });
  }
  const client = await ReopeningPglite.open(dir, options.log);
  // Drizzle calls only query and transaction, which the indirection forwards to the live instance.
  const db = drizzlePglite({ client: client as unknown as PGlite, schema }) as unknown as Db;
  return { db, kind: 'pglite', close: () => client.close(), exclusive: (work) => work() };
}

/** Where PGlite keeps its files under DATA_DIR. */
export const pgliteDirOf = (dataDir: string): string => join(dataDir, 'pglite');

/** The rows of a raw `db.execute(sql…)`: both drivers answer `{ rows }` (pg QueryResult, PGlite Results). */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

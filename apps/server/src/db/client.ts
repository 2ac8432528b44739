import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { openPool } from './pg-pool';
import { type DatabaseLog, ReopeningPglite } from './reopening-pglite';
import { noteStatement, ReplicaRouter, ReplicaRoutingPool } from './replica';
import * as schema from './schema';
import { withStartupLock } from './startup-lock';

export type { DatabaseLog } from './reopening-pglite';

export type Schema = typeof schema;
/** One Drizzle type for both drivers: the schema and queries are the same on PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/**
 * The reads handle (`deps.reads`): a replica's when DATABASE_READ_URL is set, the primary's
 * otherwise. No writes by type: a handler that writes reads and writes through `db`.
 */
export type ReadDb = Omit<Db, 'insert' | 'update' | 'delete' | 'transaction' | 'refreshMaterializedView'>;

export interface Database {
  /** The primary: every write, and the reads of handlers that write. */
  db: Db;
  /** Public reads: the replica when it is fresh enough for the request (db/replica.ts), else `db` itself. */
  reads: ReadDb;
  /** Set with DATABASE_READ_URL: which server a read goes to, and the writers' fences. */
  replica: ReplicaRouter | null;
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
  /** postgres:// URL of a streaming replica of `databaseUrl` for public reads (DATABASE_READ_URL). */
  readUrl?: string | undefined;
  /** How far behind the primary the replica may be and still serve reads (DATABASE_READ_MAX_LAG_MS). */
  readMaxLagMs?: number | undefined;
  /** The URLs go through a transaction pooler (DB_TRANSACTION_POOLING): unnamed statements only. */
  transactionPooling?: boolean | undefined;
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
const DEFAULT_READ_MAX_LAG_MS = 2_000;

/** Opens PostgreSQL (pg Pool) when a URL is given, else PGlite on disk or in memory. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const poolOptions = {
      connectTimeoutMs: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
      queryTimeoutMs: options.queryTimeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS,
      transactionPooling: options.transactionPooling,
      log: options.log,
    };
    // With a replica, the primary reports each statement so a request's writes route its later reads.
    const pool = openPool(options.databaseUrl, {
      ...poolOptions,
      onStatement: options.readUrl ? noteStatement : undefined,
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const url = options.databaseUrl;
    const exclusive: Database['exclusive'] = (work) => withStartupLock(url, work, options.log);
    if (!options.readUrl)
      return { db, reads: db, replica: null, kind: 'postgres', close: () => pool.end(), exclusive };
    const replicaPool = openPool(options.readUrl, poolOptions);
    const replica = new ReplicaRouter(pool, replicaPool, {
      maxLagMs: options.readMaxLagMs ?? DEFAULT_READ_MAX_LAG_MS,
      log: options.log,
    });
    replica.start();
    const reads = drizzlePg(new ReplicaRoutingPool(replica) as never, { schema }) as unknown as ReadDb;
    return {
      db,
      reads,
      replica,
      kind: 'postgres',
      close: async () => {
        replica.stop();
        await Promise.all([pool.end(), replicaPool.end()]);
      },
      exclusive,
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
  return {
    db,
    reads: db,
    replica: null,
    kind: 'pglite',
    close: () => client.close(),
    exclusive: (work) => work(),
  };
}

/** Where PGlite keeps its files under DATA_DIR. */
export const pgliteDirOf = (dataDir: string): string => join(dataDir, 'pglite');

/** The rows of a raw `db.execute(sql…)`: both drivers answer `{ rows }` (pg QueryResult, PGlite Results). */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * `database`'s primary through a Drizzle handle that calls `onStatement` with the text of every
 * statement it sends (Drizzle's logger), on either driver: how the bench and the tests count the
 * statements of one page. The same connections; statements sent through `database.db` are not seen.
 */
export function countingDb(database: Database, onStatement: (text: string) => void): Db {
  const logger = { logQuery: (text: string) => onStatement(text) };
  const client = (database.db as unknown as { $client: unknown }).$client;
  return (database.kind === 'postgres'
    ? drizzlePg(client as pg.Pool, { schema, logger })
    : drizzlePglite({ client: client as PGlite, schema, logger })) as unknown as Db;
}

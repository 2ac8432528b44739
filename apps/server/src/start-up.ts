import { type Database, type DatabaseLog, openDatabase, pgliteDirOf } from './db/client';
import { type Env, EnvError, parseEnv } from './env';

/** The environment of a command (the server, `npm run migrate`, …): a bad value ends it naming the variable. */
export function loadEnv(): Env {
  try {
    return parseEnv(process.env);
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * The database the environment names: PostgreSQL at DATABASE_URL (with its replica at
 * DATABASE_READ_URL), else the PGlite under DATA_DIR.
 */
export function openDatabaseOf(env: Env, log?: DatabaseLog): Promise<Database> {
  return openDatabase({
    databaseUrl: env.DATABASE_URL,
    readUrl: env.DATABASE_READ_URL,
    readMaxLagMs: env.DATABASE_READ_MAX_LAG_MS,
    transactionPooling: env.DB_TRANSACTION_POOLING,
    pgliteDir: env.DATABASE_URL ? undefined : pgliteDirOf(env.DATA_DIR),
    connectTimeoutMs: env.DB_CONNECT_TIMEOUT_MS,
    queryTimeoutMs: env.DB_QUERY_TIMEOUT_MS,
    log,
  });
}

/** A database log to the console, for commands that have no app logger. */
export const consoleDatabaseLog: DatabaseLog = {
  warn: (details, message) => console.warn(message, details),
  info: (_details, message) => console.info(message),
};

import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { type DatabaseLog, openDatabase, pgliteDirOf } from './db/client';
import { migrate } from './db/migrate';
import { seedIfEmpty } from './db/seed';
import { syncUploadApps } from './db/seed/upload-seed';
import { type Env, EnvError, parseEnv } from './env';

function loadEnv(): Env {
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

/** Start-up: env, database (PGlite under DATA_DIR or DATABASE_URL), migrations, seed, listen. */
async function main() {
  const env = loadEnv();
  // The database reports lost connections and reopens through the app's logger once it exists.
  let app: FastifyInstance | undefined;
  const databaseLog: DatabaseLog = {
    warn: (details, message) => (app ? app.log.warn(details, message) : console.warn(message, details)),
    info: (details, message) => (app ? app.log.info(details, message) : console.info(message, details)),
  };
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    pgliteDir: env.DATABASE_URL ? undefined : pgliteDirOf(env.DATA_DIR),
    connectTimeoutMs: env.DB_CONNECT_TIMEOUT_MS,
    queryTimeoutMs: env.DB_QUERY_TIMEOUT_MS,
    log: databaseLog,
  });
  await migrate(database);
  app = await buildApp({ env, db: database.db, logger: true });
  // The upload apps' secrets are configuration: their rows follow it on every start.
  await syncUploadApps(database.db, app.deps.secrets.uploadApps);
  if (env.SEED) {
    const started = Date.now();
    if (await seedIfEmpty(database.db))
      app.log.info(`seeded the empty database in ${Date.now() - started} ms`);
  }
  await app.listen({ port: env.PORT, host: env.HOST });
  const shownHost = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
  app.log.info(`Community H5 on http://${shownHost}:${env.PORT} (${database.kind}, APP_ENV=${env.APP_ENV})`);

  const server = app;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    server.log.info(`${signal}: closing`);
    // In-flight requests get SHUTDOWN_TIMEOUT_MS to finish (idle keep-alive connections close at
    // once); a request that never ends (a stalled body, a hung database) or a database that does
    // not close cannot keep the process past it.
    setTimeout(() => {
      server.log.error(`${signal}: not closed after ${env.SHUTDOWN_TIMEOUT_MS} ms, exiting anyway`);
      process.exit(1);
    }, env.SHUTDOWN_TIMEOUT_MS).unref();
    try {
      await server.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      server.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { DatabaseLog } from './db/client';
import { isMigrated, migrate } from './db/migrate';
import { seedIfEmpty } from './db/seed';
import { syncUploadApps } from './db/seed/upload-seed';
import { createComingPartitions } from './domains/analytics/jobs';
import { loadEnv, openDatabaseOf } from './start-up';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Start-up: env, database (PGlite under DATA_DIR or DATABASE_URL), then, alone among the nodes
 * on that database (`exclusive`: an advisory lock on PostgreSQL), migrations, the configuration
 * rows and the seed; then listen. Nodes that waited for the lock find the work done.
 */
async function main() {
  const env = loadEnv();
  // The database reports lost connections and reopens through the app's logger once it exists.
  let app: FastifyInstance | undefined;
  const databaseLog: DatabaseLog = {
    warn: (details, message) => (app ? app.log.warn(details, message) : console.warn(message, details)),
    info: (details, message) => (app ? app.log.info(details, message) : console.info(message, details)),
  };
  const database = await openDatabaseOf(env, databaseLog);
  const server = await database.exclusive(async () => {
    if (env.MIGRATE_ON_START) await migrate(database);
    else if (!(await isMigrated(database.db))) {
      console.error(
        'MIGRATE_ON_START=false and the database lacks migrations of this version: run `npm run migrate` first',
      );
      process.exit(1);
    }
    app = await buildApp({
      env,
      db: database.db,
      reads: database.reads,
      replica: database.replica,
      jobsDatabaseUrl: env.DATABASE_URL,
      logger: true,
    });
    // Inserts never wait for the daily job's partitions (a missed run would fill the default one).
    await createComingPartitions(database.db).catch((error) =>
      app?.log.warn({ err: error }, 'analytics partitions not created at start-up; the daily job will'),
    );
    // The upload apps' secrets are configuration: their rows follow it on every start.
    await syncUploadApps(database.db, app.deps.secrets.uploadApps);
    if (env.SEED) {
      const started = Date.now();
      if (await seedIfEmpty(database.db))
        app.log.info(`seeded the empty database in ${Date.now() - started} ms`);
    }
    return app;
  });
  // Scheduled work (jobs/): outside the start-up lock, every node works the queue.
  await server.deps.jobs.start();
  await server.listen({ port: env.PORT, host: env.HOST });
  const shownHost = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
  server.log.info(
    `Community H5 on http://${shownHost}:${env.PORT} (${database.kind}${database.replica ? ' with a read replica' : ''}, APP_ENV=${env.APP_ENV})`,
  );

  let closing = false;
  /**
   * SIGTERM (a supervisor, a rolling restart): not ready, still serving for SHUTDOWN_GRACE_MS so
   * a balancer probing /readyz moves away; then stop listening, close idle keep-alive connections,
   * finish what is in flight (each answer closing its connection) and exit 0. SIGINT (a person
   * at a terminal) skips the grace. Past SHUTDOWN_TIMEOUT_MS of closing the process exits anyway
   * (code 1): a request that never ends or a hung database cannot hold it.
   */
  const shutdown = async (signal: 'SIGTERM' | 'SIGINT') => {
    if (closing) return;
    closing = true;
    server.deps.lifecycle.draining = true;
    const grace = signal === 'SIGTERM' ? env.SHUTDOWN_GRACE_MS : 0;
    server.log.info(`${signal}: not ready; serving ${grace} ms more, then closing`);
    await sleep(grace);
    setTimeout(() => {
      server.log.error(`${signal}: not closed after ${env.SHUTDOWN_TIMEOUT_MS} ms, exiting anyway`);
      process.exit(1);
    }, env.SHUTDOWN_TIMEOUT_MS).unref();
    try {
      server.deps.lifecycle.closing = true;
      await server.close();
      await database.close();
      server.log.info(`${signal}: closed`);
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

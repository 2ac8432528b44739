import { buildApp } from './app';
import { openDatabase, pgliteDirOf } from './db/client';
import { migrate } from './db/migrate';
import { seedIfEmpty } from './db/seed';
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
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    pgliteDir: env.DATABASE_URL ? undefined : pgliteDirOf(env.DATA_DIR),
  });
  await migrate(database);
  const app = await buildApp({ env, db: database.db, logger: true });
  if (env.SEED) {
    const started = Date.now();
    if (await seedIfEmpty(database.db))
      app.log.info(`seeded the empty database in ${Date.now() - started} ms`);
  }
  await app.listen({ port: env.PORT, host: env.HOST });
  const shownHost = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
  app.log.info(`Community H5 on http://${shownHost}:${env.PORT} (${database.kind}, APP_ENV=${env.APP_ENV})`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing`);
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
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

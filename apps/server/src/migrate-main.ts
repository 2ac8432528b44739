import { openDatabase, pgliteDirOf } from './db/client';
import { migrate } from './db/migrate';
import { EnvError, parseEnv } from './env';

/**
 * `npm run migrate` (issue 26 point 4): applies this version's migrations to DATABASE_URL (or
 * the PGlite under DATA_DIR) and exits, for deployments that migrate as a step of their own
 * before starting nodes with MIGRATE_ON_START=false. Holds the same start-up lock as the nodes.
 */
async function main() {
  let env: ReturnType<typeof parseEnv>;
  try {
    env = parseEnv(process.env);
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    pgliteDir: env.DATABASE_URL ? undefined : pgliteDirOf(env.DATA_DIR),
    connectTimeoutMs: env.DB_CONNECT_TIMEOUT_MS,
    queryTimeoutMs: env.DB_QUERY_TIMEOUT_MS,
    log: {
      warn: (details, message) => console.warn(message, details),
      info: (_d, message) => console.info(message),
    },
  });
  const started = Date.now();
  await database.exclusive(() => migrate(database));
  await database.close();
  console.info(`migrated (${database.kind}) in ${Date.now() - started} ms`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

import { migrate } from './db/migrate';
import { consoleDatabaseLog, loadEnv, openDatabaseOf } from './start-up';

/**
 * `npm run migrate` (issue 26 point 4): applies this version's migrations to DATABASE_URL (or
 * the PGlite under DATA_DIR) and exits, for deployments that migrate as a step of their own
 * before starting nodes with MIGRATE_ON_START=false. Holds the same start-up lock as the nodes.
 */
async function main() {
  // Migrations are the primary's alone: no replica to open.
  const database = await openDatabaseOf({ ...loadEnv(), DATABASE_READ_URL: undefined }, consoleDatabaseLog);
  const started = Date.now();
  await database.exclusive(() => migrate(database));
  await database.close();
  console.info(`migrated (${database.kind}) in ${Date.now() - started} ms`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

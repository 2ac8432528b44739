import { consoleDatabaseLog, loadEnv, openDatabaseOf } from './start-up';
import { createObjectStore } from './storage/create-store';
import { moveDoubledKeys } from './storage/move-doubled-keys';
import { S3Store } from './storage/s3-store';

/**
 * `npm run storage:move-s3-keys` (issue 26 point 6): with STORAGE_DRIVER=s3, moves the objects
 * earlier releases stored at `bucket/bucket/…` to `bucket/…`, the key the CDN path names.
 */
async function main() {
  const env = loadEnv();
  const store = createObjectStore(env);
  if (!(store instanceof S3Store)) {
    console.error('STORAGE_DRIVER is not s3: the local store never doubled the bucket; nothing to move');
    process.exit(1);
  }
  const database = await openDatabaseOf(env, consoleDatabaseLog);
  const report = await moveDoubledKeys(database.db, store, (progress) =>
    console.info(`moved ${progress.moved}, already in place ${progress.inPlace}, absent ${progress.absent}`),
  );
  await database.close();
  console.info(`done: ${report.moved} moved, ${report.inPlace} already in place, ${report.absent} absent`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

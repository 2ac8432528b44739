// `npm run seed -w @h5/server`: migrate and seed the configured database if it is empty.
import { parseEnv } from '../../env';
import { openDatabase, pgliteDirOf } from '../client';
import { migrate } from '../migrate';
import { seedIfEmpty } from '.';

const env = parseEnv(process.env);
const database = await openDatabase({
  databaseUrl: env.DATABASE_URL,
  pgliteDir: env.DATABASE_URL ? undefined : pgliteDirOf(env.DATA_DIR),
});
await migrate(database);
const started = Date.now();
const seeded = await seedIfEmpty(database.db);
console.log(seeded ? `seeded in ${Date.now() - started} ms` : 'database already has users: not seeded');
await database.close();

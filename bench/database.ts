// The bench's PostgreSQL: BENCH_DATABASE_URL (or DATABASE_URL), else this machine's cluster as CI
// sets it up (.ci/run: role h5, password h5) when it answers. Without one, the PostgreSQL figures
// say what they need and the rest still runs on PGlite.
import pg from 'pg';

/** The cluster .ci/run starts, and a database of the bench's own in it. */
const LOCAL_CLUSTER = 'postgres://h5:h5@127.0.0.1:5432/h5_bench';

let found: Promise<string | undefined> | undefined;

/** The PostgreSQL the bench uses, or undefined when none is set and the local one does not answer. */
export function benchDatabaseUrl(): Promise<string | undefined> {
  found ??= (async () => {
    const set = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
    if (set) return set;
    const maintenance = new URL(LOCAL_CLUSTER);
    maintenance.pathname = '/postgres';
    const client = new pg.Client({ connectionString: maintenance.toString(), connectionTimeoutMillis: 2000 });
    try {
      await client.connect();
      const name = new URL(LOCAL_CLUSTER).pathname.slice(1);
      const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
      if (exists.rowCount === 0) await client.query(`create database "${name}"`);
      return LOCAL_CLUSTER;
    } catch {
      return undefined;
    } finally {
      await client.end().catch(() => undefined);
    }
  })();
  return found;
}

/** A fresh empty database named `name` beside the one `adminUrl` points at; its URL. */
export async function freshDatabase(adminUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops the database `name` beside the one `adminUrl` points at, if it is there. */
export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await admin.end();
  }
}

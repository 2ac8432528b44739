import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from '../../../../scripts/start-server.mjs';

const PGBOUNCER_CANDIDATES = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'];

/** The pgbouncer binary, or undefined when the machine has none (`apt-get install -y pgbouncer`). */
export const pgbouncerBinary = (): string | undefined =>
  [process.env.PGBOUNCER_PATH ?? '', ...PGBOUNCER_CANDIDATES].find((path) => path !== '' && existsSync(path));

/** A throwaway PgBouncer: its port, a URL for one database through it, its log, and its stop. */
export interface PgBouncer {
  port: number;
  /** The process we started (it switches user itself, so this is PgBouncer's own pid). */
  pid: number;
  /** postgres:// URL of `database` through the bouncer, as user postgres. */
  urlOf: (database: string) => string;
  log: () => string;
  stop: () => Promise<void>;
}

export interface PgBouncerOptions {
  /** Server connections per database and user: fewer than the app's pool, so clients share them. */
  poolSize?: number;
  /**
   * Databases of other servers by the name clients use, e.g. a replica's copy of `h5` as
   * `h5_read`; every other name goes to the server on `serverPort` as it is.
   */
  aliases?: Record<string, { port: number; dbname: string }>;
}

/**
 * Starts PgBouncer in transaction pooling mode (issue 29 point 3) in front of the PostgreSQL on
 * 127.0.0.1:`serverPort`, every database passed through (`*`), trust authentication for the
 * users of its own userlist, on a free port, from an ini and userlist in a temporary directory.
 * It refuses to run as root: as root it switches to the postgres user itself (`-u`), so the
 * process we stop is the one we started.
 */
export async function startPgBouncer(serverPort: number, options: PgBouncerOptions = {}): Promise<PgBouncer> {
  const binary = pgbouncerBinary();
  if (!binary) throw new Error('no pgbouncer: apt-get install -y pgbouncer (or set PGBOUNCER_PATH)');
  const dir = mkdtempSync(join(tmpdir(), 'h5-pgbouncer-'));
  const asRoot = process.getuid?.() === 0;
  const port = await freePort();
  writeFileSync(join(dir, 'userlist.txt'), '"postgres" ""\n');
  writeFileSync(
    join(dir, 'pgbouncer.ini'),
    `[databases]
${Object.entries(options.aliases ?? {})
  .map(
    ([name, { port: aliasPort, dbname }]) => `${name} = host=127.0.0.1 port=${aliasPort} dbname=${dbname}\n`,
  )
  .join('')}* = host=127.0.0.1 port=${serverPort}

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${port}
unix_socket_dir =
auth_type = trust
auth_file = ${dir}/userlist.txt
pool_mode = transaction
default_pool_size = ${options.poolSize ?? 4}
max_client_conn = 400
logfile = ${dir}/pgbouncer.log
`,
  );
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    for (const path of [dir, join(dir, 'userlist.txt'), join(dir, 'pgbouncer.ini')])
      chownSync(path, uid, gid);
  }
  const child: ChildProcess = spawn(
    binary,
    [...(asRoot ? ['-u', 'postgres'] : []), join(dir, 'pgbouncer.ini')],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const keep = (chunk: Buffer) => {
    output = `${output}${chunk.toString()}`.slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const log = () => {
    try {
      return `${output}${readFileSync(join(dir, 'pgbouncer.log'), 'utf8')}`;
    } catch {
      return output;
    }
  };
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      // SIGTERM: immediate shutdown (SIGINT would wait for its clients).
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const urlOf = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    const probe = new pg.Client({ connectionString: urlOf('postgres') });
    try {
      await probe.connect();
      await probe.query('select 1');
      await probe.end();
      break;
    } catch (error) {
      await probe.end().catch(() => undefined);
      if (child.exitCode !== null || Date.now() > deadline) {
        await stop();
        throw new Error(`pgbouncer did not accept connections: ${String(error)}\n${log()}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return { port, pid: child.pid as number, urlOf, log, stop };
}

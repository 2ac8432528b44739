import { execFile, execFileSync } from 'node:child_process';
import {
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../../../../scripts/start-server.mjs';

const run = promisify(execFile);
const PG_ROOT = '/usr/lib/postgresql';

/**
 * Where initdb and pg_ctl live: PG_BIN_DIR, else the newest /usr/lib/postgresql/<version>/bin;
 * undefined when the machine has no PostgreSQL server binaries (tests that need one skip).
 */
export function postgresBinDir(): string | undefined {
  const candidates = process.env.PG_BIN_DIR
    ? [process.env.PG_BIN_DIR]
    : existsSync(PG_ROOT)
      ? readdirSync(PG_ROOT)
          .filter((version) => /^\d+$/.test(version))
          .sort((a, b) => Number(b) - Number(a))
          .map((version) => join(PG_ROOT, version, 'bin'))
      : [];
  return candidates.find((dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')));
}

/** A throwaway PostgreSQL cluster of its own (own data directory and port), to stop and start at will. */
export interface PgCluster {
  /** postgres:// URL of its `postgres` database (trust authentication, loopback only). */
  url: string;
  port: number;
  /** Starts it again on the same port and data; resolves once it accepts connections. */
  start: () => Promise<void>;
  /** `fast` disconnects clients and shuts down cleanly; `immediate` kills it (crash recovery on the next start). */
  stop: (mode: 'fast' | 'immediate') => Promise<void>;
  /** Stops it if running and deletes its files. */
  destroy: () => Promise<void>;
  /** Process ids of its postmaster and every server process under it (to freeze them with SIGSTOP). */
  pids: () => Promise<number[]>;
}

// initdb and pg_ctl refuse to run as root: as root, run them as the postgres user.
const asRoot = process.getuid?.() === 0;
const idOf = (flag: '-u' | '-g') =>
  Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());

/** Runs a PostgreSQL tool of `binDir` (as the postgres user when we are root). */
const toolRunner = (binDir: string) => (tool: string, args: string[]) =>
  asRoot
    ? run('runuser', ['-u', 'postgres', '--', join(binDir, tool), ...args])
    : run(join(binDir, tool), args);

/** A new temporary directory the server processes may write (owned by postgres when we are root). */
function clusterRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'h5-pg-cluster-'));
  if (asRoot) chownSync(root, idOf('-u'), idOf('-g'));
  return root;
}

/** Writes settings as postgresql.auto.conf lines (the last line of a setting wins), readable by the server. */
function writeSettings(dataDir: string, settings: string[], append = false) {
  const file = join(dataDir, 'postgresql.auto.conf');
  const before = append ? readFileSync(file, 'utf8') : '';
  writeFileSync(file, `${before}${settings.join('\n')}\n`);
  if (asRoot) chownSync(file, idOf('-u'), idOf('-g'));
}

/** Settings of every throwaway server: its port, loopback only, its socket in its own directory. */
const serverSettings = (root: string, port: number) => [
  `port = ${port}`,
  `listen_addresses = '127.0.0.1'`,
  `unix_socket_directories = '${root}'`,
  // Durability against a killed server (WAL replay), not against a power cut: enough here.
  'fsync = off',
  // Three nodes each hold up to 10 (the app's pool) + 4 (pg-boss's, issue 31) connections.
  'max_connections = 80',
];

/** Starts the server of `dataDir` and returns the handle that stops, restarts and destroys it. */
async function runCluster(binDir: string, root: string, dataDir: string, port: number): Promise<PgCluster> {
  const pg = toolRunner(binDir);
  let running = false;
  const start = async () => {
    await pg('pg_ctl', ['-D', dataDir, '-l', join(root, 'server.log'), '-w', '-t', '60', 'start']);
    running = true;
  };
  const stop = async (mode: 'fast' | 'immediate') => {
    await pg('pg_ctl', ['-D', dataDir, '-m', mode, '-w', '-t', '60', 'stop']);
    running = false;
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    destroy: async () => {
      if (running) await stop('immediate');
      rmSync(root, { recursive: true, force: true });
    },
    pids: async () => {
      const postmaster = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
      const { stdout } = await run('ps', ['-o', 'pid=', '--ppid', String(postmaster)]);
      return [postmaster, ...stdout.split('\n').filter(Boolean).map(Number)];
    },
  };
}

/**
 * Creates and starts a cluster under a new temporary directory, on a free port, with `settings`
 * (postgresql.conf lines, e.g. `shared_preload_libraries`) after its own; a replica of it inherits
 * them. The caller destroys it (afterAll). Needs the binaries of {@link postgresBinDir}.
 */
export async function startPgCluster(binDir: string, settings: readonly string[] = []): Promise<PgCluster> {
  const root = clusterRoot();
  const dataDir = join(root, 'data');
  await toolRunner(binDir)('initdb', [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '-A',
    'trust',
    '-E',
    'UTF8',
    '--no-locale',
    '--no-sync',
  ]);
  const port = await freePort();
  writeSettings(dataDir, [...serverSettings(root, port), ...settings]);
  return runCluster(binDir, root, dataDir, port);
}

/**
 * A streaming replica of `primary` (issue 29 point 2): a `pg_basebackup -R` copy of it (initdb's
 * trust rules let the loopback replication connection in) in a temporary directory of its own,
 * started as a hot standby on a free port. Destroy it before the primary.
 */
export async function startPgReplica(binDir: string, primary: PgCluster): Promise<PgCluster> {
  const root = clusterRoot();
  const dataDir = join(root, 'data');
  await toolRunner(binDir)('pg_basebackup', [
    '-h',
    '127.0.0.1',
    '-p',
    String(primary.port),
    '-U',
    'postgres',
    '-D',
    dataDir,
    '-R',
    '-X',
    'stream',
    '--checkpoint=fast',
    '--no-sync',
  ]);
  const port = await freePort();
  // The copy carries the primary's settings and, from -R, how to reach it: its own come last.
  writeSettings(dataDir, serverSettings(root, port), true);
  return runCluster(binDir, root, dataDir, port);
}

import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { REPO_ROOT } from '../../../../scripts/start-server.mjs';
import { generateUploadAppSecrets } from '../db/seed/upload-seed';
import { s3TestEnv, startS3TestServer } from '../storage/s3-test-server';
import {
  type ClusterNode,
  killNode,
  type Nginx,
  nginxBinary,
  spawnNode,
  startNginx,
  waitForOk,
} from './cluster';
import { type PgCluster, postgresBinDir, startPgCluster, startPgReplica } from './pg-cluster';
import { type PgBouncer, pgbouncerBinary, startPgBouncer } from './pgbouncer';

/**
 * The multi-node topology of issue 29 point 1 on one machine, from Debian and npm packages:
 * a throwaway PostgreSQL primary and a `pg_basebackup` streaming replica, PgBouncer in transaction
 * mode in front of both, s3rver as the object store, `npm run migrate` once, then the built nodes
 * (`apps/server/dist/main.js`), then nginx with deploy/nginx/community-h5.conf. One starter for
 * `npm run cluster` (scripts/cluster.ts), the cluster tests, the browser journeys through the
 * balancer and `npm run bench -- cluster`. Everything it starts it stops by pid.
 */

const run = promisify(execFile);

/** The request-sign secret of the topology's nodes unless `env` names another. */
export const CLUSTER_SIGN_SECRET = 'cluster-sign-secret';

/** The application database on the throwaway primary (and, by streaming, on the replica). */
const APP_DATABASE = 'h5';
/** Its name through PgBouncer for reads: the replica's copy. */
const READ_DATABASE = 'h5_read';

export interface TopologyOptions {
  /** Server nodes behind the balancer (3). */
  nodes?: number;
  /** Environment of every node on top of the topology's own (SIGN_SECRET, limits, APP_ENV…). */
  env?: Record<string, string>;
  /** postgresql.conf lines for the primary, which the replica inherits. */
  postgresSettings?: readonly string[];
  /** Progress lines (a step started, a part is up); silent when absent. */
  log?: (line: string) => void;
}

export interface Topology {
  /** The balancer's origin: what a browser opens. */
  url: string;
  nginx: Nginx;
  /** The nodes in the order of the upstream's lines; a restarted node takes its place. */
  nodes: ClusterNode[];
  /** The application database on the primary, directly (not through PgBouncer). */
  primaryUrl: string;
  /** The application database on the replica, directly. */
  replicaUrl: string;
  /** What every node runs with. */
  nodeEnv: Record<string, string>;
  /** The processes it started, by what they are: for a reader, and to check they are gone. */
  pids: () => Promise<Record<string, number[]>>;
  /** SIGTERM (drains for SHUTDOWN_GRACE_MS) or SIGINT to node `index`; resolves with its exit. */
  stopNode: (
    index: number,
    signal?: 'SIGTERM' | 'SIGINT',
  ) => Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Starts node `index` again on its port; resolves once its /readyz answers 200. */
  startNode: (index: number) => Promise<ClusterNode>;
  /** Stops everything, the balancer first and the primary last. */
  stop: () => Promise<void>;
}

/** What the topology needs that this machine lacks, as words for a skip or an error. */
export function missingTopologyTools(): string[] {
  return [
    postgresBinDir() ? null : 'PostgreSQL server binaries (postgresql-15)',
    nginxBinary() ? null : 'nginx',
    pgbouncerBinary() ? null : 'pgbouncer',
  ].filter((tool): tool is string => tool !== null);
}

/** Runs `work`; on failure runs `undo` before rethrowing, so a half-started topology is stopped. */
async function orUndo<T>(work: () => Promise<T>, undo: () => Promise<void>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    await undo().catch(() => undefined);
    throw error;
  }
}

/** Starts the whole topology; the caller stops it (`stop`). */
export async function startTopology(options: TopologyOptions = {}): Promise<Topology> {
  const log = options.log ?? (() => undefined);
  const binDir = postgresBinDir();
  const missing = missingTopologyTools();
  if (!binDir || missing.length > 0)
    throw new Error(`the topology needs ${missing.join(', ')} (apt-get install -y ${missing.join(' ')})`);

  let primary: PgCluster | undefined;
  let replica: PgCluster | undefined;
  let bouncer: PgBouncer | undefined;
  let s3: Awaited<ReturnType<typeof startS3TestServer>> | undefined;
  let nginx: Nginx | undefined;
  const nodes: ClusterNode[] = [];
  const stop = async () => {
    await nginx?.stop();
    await Promise.all(
      nodes.map(async (node) => {
        if (node.child.exitCode !== null || node.child.signalCode !== null) return;
        node.child.kill('SIGINT');
        await Promise.race([node.exited, new Promise((r) => setTimeout(r, 10_000))]);
        killNode(node);
      }),
    );
    await bouncer?.stop();
    await s3?.stop();
    await replica?.destroy();
    await primary?.destroy();
  };

  return orUndo(async () => {
    log('PostgreSQL primary');
    primary = await startPgCluster(binDir, options.postgresSettings);
    const admin = new pg.Client({ connectionString: primary.url });
    await admin.connect();
    await admin.query(`create database ${APP_DATABASE}`);
    await admin.end();
    const primaryUrl = primary.url.replace(/\/postgres$/, `/${APP_DATABASE}`);
    log('streaming replica (pg_basebackup)');
    replica = await startPgReplica(binDir, primary);
    const replicaUrl = replica.url.replace(/\/postgres$/, `/${APP_DATABASE}`);
    log('PgBouncer (transaction pooling) in front of both');
    bouncer = await startPgBouncer(primary.port, {
      poolSize: 10,
      aliases: { [READ_DATABASE]: { port: replica.port, dbname: APP_DATABASE } },
    });
    log('s3rver (object store)');
    s3 = await startS3TestServer();

    const nodeEnv: Record<string, string> = {
      DATABASE_URL: bouncer.urlOf(APP_DATABASE),
      DATABASE_READ_URL: bouncer.urlOf(READ_DATABASE),
      DB_TRANSACTION_POOLING: 'true',
      ...s3TestEnv(s3.endpoint),
      APP_ENV: 't1',
      API_BASE_URL: '',
      TRUST_PROXY: 'true',
      MIGRATE_ON_START: 'false',
      SEED: 'true',
      // Every node signs uploads with the same apps' secrets (each has its own DATA_DIR).
      UPLOAD_APP_SECRETS: JSON.stringify(generateUploadAppSecrets()),
      SIGN_SECRET: CLUSTER_SIGN_SECRET,
      ...options.env,
    };

    log('npm run migrate (once, on the primary)');
    await run(process.execPath, [join(REPO_ROOT, 'apps/server/dist/migrate.js')], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...nodeEnv, DATABASE_URL: primaryUrl, DATABASE_READ_URL: '' },
    });

    const count = options.nodes ?? 3;
    log(`${count} nodes`);
    nodes.push(...(await Promise.all(Array.from({ length: count }, (_, i) => spawnNode(i, nodeEnv)))));
    await Promise.all(nodes.map((node) => waitForOk(`${node.baseUrl}/readyz`, node, 180_000)));
    log('nginx (deploy/nginx/community-h5.conf)');
    nginx = await startNginx(nodes.map((node) => node.port));

    const topology: Topology = {
      url: nginx.url,
      nginx,
      nodes,
      primaryUrl,
      replicaUrl,
      nodeEnv,
      pids: async () => ({
        nginx: [(nginx as Nginx).pid],
        nodes: nodes.map((node) => node.child.pid ?? 0),
        pgbouncer: [(bouncer as PgBouncer).pid],
        // The postmasters: their backends come and go with connections.
        primary: (await (primary as PgCluster).pids()).slice(0, 1),
        replica: (await (replica as PgCluster).pids()).slice(0, 1),
      }),
      stopNode: (index, signal = 'SIGTERM') => {
        const node = nodes[index];
        if (!node) throw new Error(`no node ${index}`);
        node.child.kill(signal);
        return node.exited;
      },
      startNode: async (index) => {
        const old = nodes[index];
        if (!old) throw new Error(`no node ${index}`);
        const node = await spawnNode(index, nodeEnv, old.port);
        nodes[index] = node;
        await waitForOk(`${node.baseUrl}/readyz`, node, 120_000);
        return node;
      },
      stop,
    };
    return topology;
  }, stop);
}

// `npm run bench -- cluster` (issue 29 point 7): cost per request on the topology of
// `npm run cluster` — requests/s of a visitor page, the feed API and a logged-in page straight to a
// node, through nginx to that one node and through nginx to two; the CPU each part spends per
// request; and the database statements per page (pg_stat_statements on the throwaway primary and
// replica). Bounded in time; everything runs on this machine and stops by itself.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { contract, type Endpoint, type RequestOf, type ResponseOf } from '@h5/contract';
import { signParams } from '@h5/core';
import { createApiClient } from '@h5/request';
import pg from 'pg';
import { type Nginx, startNginx } from '../apps/server/src/test-utils/cluster';
import { startTopology, type Topology } from '../apps/server/src/test-utils/topology';
import { LIFTED_LIMITS } from '../scripts/lifted-limits.mjs';
import { measureRps, median } from './load';

const SIGN_SECRET = 'bench-sign-secret';
const CONCURRENCY = 16;
/** Short rounds, the three targets in turn, the median round shown: other load on the machine meets all three. */
const ROUNDS = 5;
const ROUND_MS = 1_500;
/** Requests per CPU and statement count: enough to average over the visitor cache's 1 s entries. */
const COUNTED_REQUESTS = 400;
/** Statements no page sends: the replica router's position probes, PgBouncer's check, ours. */
const NOT_A_PAGE = /pg_current_wal_insert_lsn|pg_last_wal_replay_lsn|pg_stat_statements|^select \$1$/i;

export interface Row {
  figure: string;
  value: string;
  budget: string;
}

/** A request the load sends: its URL and headers. */
interface Kind {
  name: string;
  path: () => string;
  headers: Record<string, string>;
}

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ). */
const TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** CPU time (user + system) a process has used so far, in ms; 0 once it is gone. */
function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) / TICKS) * 1000;
  } catch {
    return 0;
  }
}

/** `pid` and its children (nginx's workers, a postmaster's backends). */
function withChildren(pid: number): number[] {
  try {
    const out = execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' });
    return [pid, ...out.split('\n').filter(Boolean).map(Number)];
  } catch {
    return [pid];
  }
}

/** The processes of each part of the topology, for their CPU per request. */
async function parts(topology: Topology): Promise<Record<string, number[]>> {
  const pids = await topology.pids();
  return {
    node: topology.nodes.map((node) => node.child.pid ?? 0),
    nginx: withChildren(pids.nginx?.[0] ?? 0),
    pgbouncer: pids.pgbouncer ?? [],
    'PostgreSQL primary': withChildren(pids.primary?.[0] ?? 0),
    'PostgreSQL replica': withChildren(pids.replica?.[0] ?? 0),
  };
}

/** Statements the primary and the replica ran since the last reset, pages' only. */
async function statements(clients: { primary: pg.Client; replica: pg.Client }) {
  const count = async (client: pg.Client) => {
    const { rows } = await client.query<{ query: string; calls: string }>(
      'select query, calls::text from pg_stat_statements',
    );
    return rows
      .filter((row) => !NOT_A_PAGE.test(row.query.trim()))
      .reduce((n, row) => n + Number(row.calls), 0);
  };
  return { primary: await count(clients.primary), replica: await count(clients.replica) };
}

async function resetStatements(clients: { primary: pg.Client; replica: pg.Client }) {
  await clients.primary.query('select pg_stat_statements_reset()');
  await clients.replica.query('select pg_stat_statements_reset()');
}

/** `count` requests of `kind` to `origin`, `concurrency` at a time; throws on an answer other than 200. */
async function requests(origin: string, kind: Kind, count: number, concurrency: number) {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next++;
      const response = await fetch(`${origin}${kind.path()}`, { headers: kind.headers });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${kind.name}: HTTP ${response.status}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/** The figures of issue 29 point 7 on a two-node topology started for them. */
export async function clusterFigures(): Promise<Row[]> {
  const rows: Row[] = [];
  const topology = await startTopology({
    nodes: 2,
    env: { SIGN_SECRET, LOG_LEVEL: 'error', ...LIFTED_LIMITS },
    postgresSettings: ["shared_preload_libraries = 'pg_stat_statements'", 'pg_stat_statements.max = 5000'],
  });
  let oneNode: Nginx | undefined;
  const clients = {
    primary: new pg.Client({ connectionString: topology.primaryUrl }),
    replica: new pg.Client({ connectionString: topology.replicaUrl }),
  };
  try {
    await clients.primary.connect();
    await clients.primary.query('create extension if not exists pg_stat_statements');
    await clients.replica.connect();
    // The same balancer file in front of the first node alone: the balancer's cost and one node's ceiling.
    const first = topology.nodes[0];
    if (!first) throw new Error('no node');
    oneNode = await startNginx([first.port]);

    const api = <E extends Endpoint>(endpoint: E, input: RequestOf<E>) =>
      createApiClient({ baseUrl: topology.url, signSecret: SIGN_SECRET })(endpoint, input) as Promise<
        ResponseOf<E>
      >;
    const phone = `139${String(Date.now()).slice(-8)}`;
    await api(contract.auth.sendLoginCode, { phone });
    const { messages } = await api(contract.auth.loginOutbox, { phone });
    const session = await api(contract.auth.login, { phone, code: messages[0]?.code ?? '' });
    const cookie = `duToken=${encodeURIComponent(session.duToken)}; x-auth-token=${encodeURIComponent(session.xAuthToken)}`;
    const loggedIn = await (await fetch(`${topology.url}/`, { headers: { cookie } })).text();
    if (loggedIn.includes('data-testid="login-entry"'))
      throw new Error('the session cookie did not log the page in');

    // Ten real cursors of the feed API, as the api section walks them.
    const feedUrls: string[] = [];
    let lastId: string | undefined;
    for (let page = 0; page < 10; page++) {
      const params: Record<string, string> = { limit: '20', ...(lastId ? { lastId } : {}) };
      const query = new URLSearchParams({ ...params, sign: signParams(params, SIGN_SECRET) });
      feedUrls.push(`${contract.content.moreRecommend.path}?${query}`);
      const feed = await api(contract.content.moreRecommend, { limit: 20, lastId });
      lastId = feed.lastId ?? undefined;
      if (!lastId) break;
    }
    let turn = 0;
    const kinds: Kind[] = [
      { name: 'visitor page /', path: () => '/', headers: {} },
      { name: 'feed API', path: () => feedUrls[turn++ % feedUrls.length] as string, headers: {} },
      { name: 'logged-in page /', path: () => '/', headers: { cookie } },
    ];
    const targets = [
      ['node directly', first.baseUrl],
      ['nginx → 1 node', oneNode.url],
      ['nginx → 2 nodes', topology.url],
    ] as const;

    for (const kind of kinds) {
      const rounds: number[][] = targets.map(() => []);
      for (let round = 0; round < ROUNDS; round++) {
        for (const [i, [, origin]] of targets.entries()) {
          rounds[i]?.push(
            await measureRps(() => `${origin}${kind.path()}`, {
              concurrency: CONCURRENCY,
              durationMs: ROUND_MS,
              warmupMs: 300,
              headers: kind.headers,
            }),
          );
        }
      }
      const [direct, one, two] = rounds.map(median) as [number, number, number];
      rows.push({
        figure: `${kind.name}: node / nginx→1 / nginx→2 nodes (median of ${ROUNDS})`,
        value: `${direct.toFixed(0)} / ${one.toFixed(0)} / ${two.toFixed(0)} req/s`,
        budget: 'reported',
      });
      rows.push({
        figure: `${kind.name}: nginx→1 node / node directly`,
        value: (one / direct).toFixed(2),
        budget: 'reported',
      });

      // CPU per request of each part, through nginx to both nodes.
      const processes = await parts(topology);
      const before = Object.fromEntries(
        Object.entries(processes).map(([part, pids]) => [
          part,
          pids.reduce((sum, pid) => sum + cpuMs(pid), 0),
        ]),
      );
      await resetStatements(clients);
      const started = Date.now();
      await requests(topology.url, kind, COUNTED_REQUESTS, CONCURRENCY);
      const elapsed = Date.now() - started;
      const counted = await statements(clients);
      const cpu = Object.entries(processes).map(([part, pids]) => {
        const used = pids.reduce((sum, pid) => sum + cpuMs(pid), 0) - (before[part] as number);
        return `${part} ${(used / COUNTED_REQUESTS).toFixed(2)}`;
      });
      rows.push({
        figure: `${kind.name}: CPU ms per request (nginx→2 nodes, ${COUNTED_REQUESTS} at ${CONCURRENCY})`,
        value: cpu.join(', '),
        budget: 'reported',
      });
      rows.push({
        figure: `${kind.name}: statements per request, primary + replica (${(elapsed / 1000).toFixed(1)} s)`,
        value: `${((counted.primary + counted.replica) / COUNTED_REQUESTS).toFixed(2)} (${(counted.primary / COUNTED_REQUESTS).toFixed(2)} + ${(counted.replica / COUNTED_REQUESTS).toFixed(2)})`,
        budget: 'reported',
      });
      // One at a time, each after the visitor cache's second: what a page costs uncached.
      await resetStatements(clients);
      for (let i = 0; i < 5; i++) {
        await new Promise((resolve) => setTimeout(resolve, 1_100));
        await requests(topology.url, kind, 1, 1);
      }
      const cold = await statements(clients);
      rows.push({
        figure: `${kind.name}: statements per request, uncached (5 alone)`,
        value: `${((cold.primary + cold.replica) / 5).toFixed(1)} (${(cold.primary / 5).toFixed(1)} + ${(cold.replica / 5).toFixed(1)})`,
        budget: 'reported',
      });
    }
  } finally {
    await clients.primary.end().catch(() => undefined);
    await clients.replica.end().catch(() => undefined);
    await oneNode?.stop();
    await topology.stop();
  }
  return rows;
}

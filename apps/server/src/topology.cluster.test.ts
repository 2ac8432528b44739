import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { contract, type Endpoint, type RequestOf, type ResponseOf } from '@h5/contract';
import { SUCCESS } from '@h5/core';
import { createApiClient } from '@h5/request';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../scripts/start-server.mjs';
import { CLUSTER_SIGN_SECRET, missingTopologyTools } from './test-utils/topology';

/**
 * Issue 29 point 1: `npm run cluster` (scripts/cluster.ts, after the build) brings the whole
 * topology up on this machine, serves through the balancer with writes on the primary and reads
 * on the replica, and on Ctrl-C stops every process it started.
 */

const missing = missingTopologyTools();
if (missing.length > 0 && process.env.H5_REQUIRE_CLUSTER_TOOLS === '1')
  throw new Error(`the topology test needs ${missing.join(', ')} (.ci/run installs them)`);
if (missing.length > 0) console.warn(`topology.cluster.test.ts SKIPPED: needs ${missing.join(', ')}`);
const describeTopology = missing.length === 0 ? describe : describe.skip;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describeTopology('npm run cluster (issue 29 point 1)', () => {
  let script: ChildProcess;
  let output = '';
  let url = '';
  let primaryUrl = '';
  let replicaUrl = '';
  let pids: number[] = [];

  beforeAll(async () => {
    script = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'scripts/cluster.ts')], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const up = new Promise<void>((resolve, reject) => {
      const keep = (chunk: Buffer) => {
        output += chunk.toString();
        if (/^CLUSTER_URL=\S+$/m.test(output)) resolve();
      };
      script.stdout?.on('data', keep);
      script.stderr?.on('data', keep);
      script.once('exit', (code) => reject(new Error(`scripts/cluster.ts exited (${code}):\n${output}`)));
    });
    await up;
    url = /^CLUSTER_URL=(\S+)$/m.exec(output)?.[1] ?? '';
    primaryUrl = /^ {2}primary +(\S+)$/m.exec(output)?.[1] ?? '';
    replicaUrl = /^ {2}replica +(\S+)$/m.exec(output)?.[1] ?? '';
    pids = JSON.parse(/^CLUSTER_PIDS=(.+)$/m.exec(output)?.[1] ?? '[]');
  }, 180_000);

  afterAll(() => {
    if (script.exitCode === null) script.kill('SIGINT');
  });

  /** A contract call through the balancer, signed as the cluster's pages sign. */
  const api = <E extends Endpoint>(endpoint: E, input: RequestOf<E>, tokens?: { duToken: string }) =>
    createApiClient({ baseUrl: url, signSecret: CLUSTER_SIGN_SECRET, authTokens: () => tokens })(
      endpoint,
      input,
    ) as Promise<ResponseOf<E>>;

  it('prints the balancer, three nodes, the primary, the replica and what it started', () => {
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(output).toMatch(/^ {2}nodes +(http:\/\/127\.0\.0\.1:\d+ {2}){2}http:\/\/127\.0\.0\.1:\d+$/m);
    expect(primaryUrl).toMatch(/^postgres:\/\/postgres@127\.0\.0\.1:\d+\/h5$/);
    expect(replicaUrl).toMatch(/^postgres:\/\/postgres@127\.0\.0\.1:\d+\/h5$/);
    expect(pids.length).toBeGreaterThanOrEqual(7);
    expect(pids.every(alive)).toBe(true);
  });

  it('serves pages and the API through nginx; a comment is written to the primary and streamed to the replica', async () => {
    expect(await (await fetch(`${url}/readyz`)).json()).toMatchObject({
      code: SUCCESS,
      data: { status: 'ready' },
    });
    const page = await fetch(`${url}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<html');

    const phone = `137${String(Date.now()).slice(-8)}`;
    await api(contract.auth.sendLoginCode, { phone });
    const { messages } = await api(contract.auth.loginOutbox, { phone });
    const tokens = await api(contract.auth.login, { phone, code: messages[0]?.code ?? '' });
    const feed = await api(contract.content.moreRecommend, { limit: 5 });
    const contentId = feed.list[0]?.contentId ?? 0;
    const text = `集群评论 ${randomUUID()}`;
    await api(contract.community.replyAdd, { contentId, content: text, requestId: randomUUID() }, tokens);

    const count = async (databaseUrl: string) => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        const { rows } = await client.query('select count(*)::int as n from replies where content = $1', [
          text,
        ]);
        return rows[0].n as number;
      } finally {
        await client.end();
      }
    };
    expect(await count(primaryUrl)).toBe(1);
    await expect.poll(() => count(replicaUrl), { timeout: 10_000 }).toBe(1);
    // The replica is read-only: a hot standby, not a second primary.
    const replica = new pg.Client({ connectionString: replicaUrl });
    await replica.connect();
    const { rows } = await replica.query('select pg_is_in_recovery() as standby');
    await replica.end();
    expect(rows[0].standby).toBe(true);
  });

  it('on Ctrl-C (SIGINT) stops every process it started and exits 0', async () => {
    const exited = new Promise<number | null>((resolve) => script.once('exit', resolve));
    script.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(output).toContain('cluster stopped');
    // pg_ctl returns once the postmaster removed its pid file; the process ends a moment later.
    await expect.poll(() => pids.filter(alive), { timeout: 5_000 }).toEqual([]);
    await expect(fetch(`${url}/livez`)).rejects.toThrow();
  }, 60_000);
});

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contract } from '@h5/contract';
import { buildRequest } from '@h5/request';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, REPO_ROOT, stopChild, waitForReady } from '../../../scripts/start-server.mjs';
import { postgresBinDir, startPgCluster, TEST_SIGN_SECRET } from './test-utils';

const SHUTDOWN_TIMEOUT_MS = 1_000;
/** Past the bound: node's exit, and a loaded machine. */
const SLACK_MS = 3_000;

interface Started {
  child: ChildProcess;
  baseUrl: string;
  port: number;
  exited: Promise<number | null>;
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** `node --import tsx apps/server/src/main.ts` (the real start-up and signal handling), ready. */
async function startMain(env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'h5-shutdown-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED: 'false',
      LOG_LEVEL: 'fatal',
      SIGN_SECRET: TEST_SIGN_SECRET,
      WEB_BUILD_DIR: '/nonexistent/h5-web-build',
      SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
      SHUTDOWN_GRACE_MS: '0',
      // Far above the bound: the shutdown timer, not the idle timeout, must end the stalled request.
      CONNECTION_TIMEOUT_MS: '120000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  cleanups.push(async () => {
    await stopChild(child, 1_000);
    rmSync(dataDir, { recursive: true, force: true });
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForReady(baseUrl, child, 120_000);
  return { child, baseUrl, port, exited };
}

/** SIGTERM, then how long until the process exited (capped: past the cap it did not exit). */
async function terminate({ child, exited }: Started) {
  const started = Date.now();
  child.kill('SIGTERM');
  const code = await Promise.race([
    exited,
    new Promise<'running'>((r) => setTimeout(() => r('running'), 10_000)),
  ]);
  return { code, afterMs: Date.now() - started };
}

describe('a draining node (issue 26 point 5)', () => {
  it('exits 0 soon after SIGTERM while a client keeps sending on a kept-alive connection, answering in envelopes', async () => {
    const server = await startMain({ SHUTDOWN_TIMEOUT_MS: '8000', SHUTDOWN_GRACE_MS: '500' });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    cleanups.push(() => agent.destroy());
    const answers: { status: number; body: string; at: number }[] = [];
    let running = true;
    const client = (async () => {
      while (running) {
        const wire = buildRequest(contract.content.moreRecommend, { limit: 1 }, TEST_SIGN_SECRET);
        const answer = await new Promise<(typeof answers)[number] | null>((resolve) => {
          const req = httpRequest(`${server.baseUrl}${wire.url}`, { agent }, (res) => {
            let body = '';
            res.on('data', (chunk) => {
              body += chunk;
            });
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body, at: Date.now() }));
          });
          // Refused once the node stopped listening: a client without a balancer has nowhere else to go.
          req.on('error', () => resolve(null));
          req.end();
        });
        if (answer) answers.push(answer);
        else await new Promise((r) => setTimeout(r, 20));
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 300));

    const signalledAt = Date.now();
    const { code, afterMs } = await terminate(server);
    running = false;
    await client;
    expect(code).toBe(0);
    expect(afterMs).toBeLessThan(500 + SLACK_MS);
    // Served through the grace, never Fastify's own `{"error":"Service Unavailable"}`.
    expect(answers.filter((answer) => answer.at > signalledAt + 100).length).toBeGreaterThan(3);
    for (const answer of answers) expect(answer.status, answer.body).toBe(200);
  }, 150_000);
});

describe('graceful shutdown has an upper bound', () => {
  it('exits within SHUTDOWN_TIMEOUT_MS of SIGTERM while a request body has stalled', async () => {
    const server = await startMain({});
    const socket: Socket = connect(server.port, '127.0.0.1');
    socket.on('error', () => undefined);
    cleanups.push(() => void socket.destroy());
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      'POST /sns-telemetry/v1/common/h5/report?sign=x HTTP/1.1\r\nHost: localhost\r\n' +
        'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"kind":',
    );
    await new Promise((resolve) => setTimeout(resolve, 300));

    const { code, afterMs } = await terminate(server);
    expect(code).toBe(1);
    expect(afterMs).toBeGreaterThanOrEqual(SHUTDOWN_TIMEOUT_MS - 100);
    expect(afterMs).toBeLessThan(SHUTDOWN_TIMEOUT_MS + SLACK_MS);
  }, 150_000);

  it('exits within SHUTDOWN_TIMEOUT_MS of SIGTERM while the database hangs (every PostgreSQL process stopped)', async (ctx) => {
    const binDir = postgresBinDir();
    if (!binDir)
      return ctx.skip(
        'no PostgreSQL server binaries (initdb, pg_ctl) under /usr/lib/postgresql/*/bin or PG_BIN_DIR',
      );
    const cluster = await startPgCluster(binDir);
    cleanups.push(() => cluster.destroy());
    const server = await startMain({ DATABASE_URL: cluster.url, DB_CONNECT_TIMEOUT_MS: '60000' });

    // Freeze the database: connections stay open, nothing answers.
    const frozen = await cluster.pids();
    for (const pid of frozen) process.kill(pid, 'SIGSTOP');
    cleanups.push(() => {
      for (const pid of frozen) process.kill(pid, 'SIGCONT');
    });
    const wire = buildRequest(
      contract.analytics.reportTelemetry,
      { kind: 'render-error', message: 'hung', pageUrl: '/shutdown' },
      TEST_SIGN_SECRET,
    );
    const hung = fetch(`${server.baseUrl}${wire.url}`, {
      method: 'POST',
      headers: wire.headers,
      body: wire.body ?? null,
    });
    hung.catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 300));

    const { code, afterMs } = await terminate(server);
    expect(code).toBe(1);
    expect(afterMs).toBeLessThan(SHUTDOWN_TIMEOUT_MS + SLACK_MS);
    // The database was never reached again: it is still frozen, not what let the process go.
    const probe = new pg.Client({ connectionString: cluster.url, connectionTimeoutMillis: 300 });
    await expect(probe.connect()).rejects.toThrow();
  }, 150_000);
});

import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { contract, type Endpoint, type RequestOf, type ResponseOf } from '@h5/contract';
import { FORBIDDEN, INVITE_CIRCULAR, SERVICE_UNAVAILABLE, SUCCESS } from '@h5/core';
import { buildRequest } from '@h5/request';
import { inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../scripts/start-server.mjs';
import { type Database, openDatabase, rowsOf } from './db/client';
import { migrationsFolder } from './db/migrate';
import { inviteBindings, inviteRewards, users } from './db/schema';
import { SessionStore } from './plugins/session';
import { type PgCluster, postgresBinDir, startPgCluster, TEST_SIGN_SECRET } from './test-utils';
import {
  type ClusterNode,
  externalAddress,
  killNode,
  type Nginx,
  nginxBinary,
  spawnNode,
  startNginx,
  waitForOk,
} from './test-utils/cluster';

/**
 * Issue 26 points 2–5 on the topology a deployment runs: three nodes (the built server) started
 * at the same moment on one empty PostgreSQL, behind a real nginx, on APP_ENV=t1 with
 * TRUST_PROXY. Needs PostgreSQL's server binaries and nginx (`.ci/run` installs both).
 */

const run = promisify(execFile);
const binDir = postgresBinDir();
const nginxPath = nginxBinary();
const missing = [
  binDir ? null : 'PostgreSQL server binaries (postgresql-15)',
  nginxPath ? null : 'nginx',
  externalAddress() ? null : 'a non-loopback IPv4 address',
].filter(Boolean);
const OPERATOR_TOKEN = 'cluster-operator-token-0123456789';
const GRACE_MS = 2_000;
const NODES = 3;
/** Simultaneous pairs of new users binding each other's invitation codes. */
const PAIRS = 150;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The nodes' shared configuration: t1 behind one proxy, limits out of the load's way. */
const nodeEnv = (databaseUrl: string, extra: Record<string, string> = {}) => ({
  DATABASE_URL: databaseUrl,
  APP_ENV: 't1',
  API_BASE_URL: '',
  TRUST_PROXY: 'true',
  OPERATOR_TOKEN,
  SIGN_SECRET: TEST_SIGN_SECRET,
  SEED: 'true',
  SHUTDOWN_GRACE_MS: String(GRACE_MS),
  RISK_WRITE_LIMIT: '1000000',
  RATE_TELEMETRY_PER_IP: '1000000',
  RATE_TELEMETRY_PER_VISITOR: '1000000',
  ...extra,
});

/** A new database on the throwaway cluster; its URL. */
async function createDatabase(cluster: PgCluster, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return cluster.url.replace(/\/postgres$/, `/${name}`);
}

interface Answer<T = unknown> {
  status: number;
  body: { code: number; msg: string; data: T } | undefined;
  error?: string;
}

/** One signed contract call to `origin`, as a client would send it. */
async function call<E extends Endpoint>(
  origin: string,
  endpoint: E,
  input: RequestOf<E>,
  headers: Record<string, string> = {},
): Promise<Answer<ResponseOf<E>>> {
  const wire = buildRequest(endpoint, input, TEST_SIGN_SECRET);
  try {
    const response = await fetch(`${origin}${wire.url}`, {
      method: wire.method,
      headers: { ...wire.headers, ...headers },
      ...(wire.body === undefined ? {} : { body: wire.body }),
      signal: AbortSignal.timeout(20_000),
    });
    const text = await response.text();
    let body: Answer<ResponseOf<E>>['body'];
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    return { status: response.status, body, ...(body ? {} : { error: text.slice(0, 200) }) };
  } catch (error) {
    return { status: 0, body: undefined, error: String(error) };
  }
}

if (missing.length > 0 && process.env.H5_REQUIRE_CLUSTER_TOOLS === '1')
  throw new Error(`the cluster tests need ${missing.join(', ')} (.ci/run installs them)`);
if (missing.length > 0) console.warn(`deployment.cluster.test.ts SKIPPED: needs ${missing.join(', ')}`);
const describeCluster = missing.length === 0 ? describe : describe.skip;

describeCluster('three nodes behind nginx on one PostgreSQL (issue 26 points 2–5)', () => {
  let cluster: PgCluster;
  let databaseUrl: string;
  let database: Database;
  let nodes: ClusterNode[] = [];
  const others: ClusterNode[] = [];
  let nginx: Nginx;
  let remote: string;

  beforeAll(async () => {
    cluster = await startPgCluster(binDir as string);
    databaseUrl = await createDatabase(cluster, 'h5_cluster');
  }, 120_000);

  afterAll(async () => {
    for (const node of [...nodes, ...others]) killNode(node);
    await nginx?.stop();
    await database?.close();
    await cluster?.destroy();
  });

  it('point 4: started at the same moment on an empty database, one migrates and seeds while the others wait; none exits', async () => {
    nodes = await Promise.all(Array.from({ length: NODES }, (_, i) => spawnNode(i, nodeEnv(databaseUrl))));
    await Promise.all(nodes.map((node) => waitForOk(`${node.baseUrl}/readyz`, node, 180_000)));
    for (const node of nodes) expect(node.child.exitCode, node.output()).toBeNull();

    database = await openDatabase({ databaseUrl });
    const [applied] = rowsOf<{ n: string }>(
      await database.db.execute(sql`select count(*)::text as n from drizzle.__drizzle_migrations`),
    );
    const files = readdirSync(migrationsFolder()).filter((name) => name.endsWith('.sql'));
    expect(Number(applied?.n)).toBe(files.length);
    const [seeded] = rowsOf<{ n: string }>(
      await database.db.execute(sql`select count(*)::text as n from users`),
    );
    expect(Number(seeded?.n)).toBeGreaterThan(100);

    nginx = await startNginx(
      nodes.map((node) => node.port),
      1,
    );
    remote = `http://${externalAddress()}:${nginx.port}`;
  }, 240_000);

  it('point 4: on a migrated, unseeded database (npm run migrate, then MIGRATE_ON_START=false) the seed runs once too', async () => {
    const url = await createDatabase(cluster, 'h5_migrated');
    const migrated = await run(process.execPath, [join(REPO_ROOT, 'apps/server/dist/migrate.js')], {
      env: { ...process.env, DATABASE_URL: url },
    });
    expect(migrated.stdout).toMatch(/migrated \(postgres\)/);
    const started = await Promise.all(
      [10, 11, 12].map((i) => spawnNode(i, nodeEnv(url, { MIGRATE_ON_START: 'false' }))),
    );
    others.push(...started);
    await Promise.all(started.map((node) => waitForOk(`${node.baseUrl}/readyz`, node, 180_000)));
    for (const node of started) expect(node.child.exitCode, node.output()).toBeNull();
    for (const node of started) node.child.kill('SIGTERM');
    for (const node of started) expect((await node.exited).code).toBe(0);
  }, 240_000);

  it("point 4: MIGRATE_ON_START=false on a database without this version's migrations refuses to start, saying what to run", async () => {
    const url = await createDatabase(cluster, 'h5_unmigrated');
    const node = await spawnNode(20, nodeEnv(url, { MIGRATE_ON_START: 'false' }));
    others.push(node);
    expect((await node.exited).code).toBe(1);
    expect(node.output()).toMatch(/npm run migrate/);
  }, 60_000);

  it('point 3: the internal pages and calls refuse a remote client that nginx forwards, and answer one on the machine', async () => {
    const outbox = contract.auth.loginOutbox;
    const fromRemote = await call(remote, outbox, { phone: '13800138000' });
    expect(fromRemote.status).toBe(403);
    expect(fromRemote.body?.code).toBe(FORBIDDEN);
    // What the client writes into X-Forwarded-For itself changes nothing: nginx appends the real one.
    const spoofed = await call(remote, outbox, { phone: '13800138000' }, { 'x-forwarded-for': '127.0.0.1' });
    expect(spoofed.status).toBe(403);
    const page = await fetch(`${remote}/internal/telemetry`);
    expect(page.status).toBe(403);
    const withToken = await call(
      remote,
      outbox,
      { phone: '13800138000' },
      { 'x-operator-token': OPERATOR_TOKEN },
    );
    expect(withToken.status).toBe(200);
    const onMachine = await call(nginx.url, outbox, { phone: '13800138000' });
    expect(onMachine.status).toBe(200);
    expect((await fetch(`${nginx.url}/internal/telemetry`)).status).toBe(200);
  }, 60_000);

  it(`point 2: ${PAIRS} pairs of new users binding each other's codes at the same moment: one binding and one 4915 per pair`, async () => {
    const { db } = database;
    const sessions = new SessionStore(db, 24);
    const made = await db
      .insert(users)
      .values(
        Array.from({ length: PAIRS * 2 }, (_, i) => ({
          userName: `pair-${i}`,
          avatar: '/cdn/seed/avatar-1.svg',
        })),
      )
      .returning({ id: users.id });
    const people = await Promise.all(
      made.map(async ({ id }) => ({ id, cookie: `duToken=${(await sessions.create(id)).duToken}` })),
    );
    const codes: string[] = [];
    for (let i = 0; i < people.length; i += 25) {
      const batch = await Promise.all(
        people
          .slice(i, i + 25)
          .map((person) => call(nginx.url, contract.invite.startInvite, {}, { cookie: person.cookie })),
      );
      for (const answer of batch) {
        expect(answer.body?.code, JSON.stringify(answer)).toBe(SUCCESS);
        codes.push(answer.body?.data.code ?? '');
      }
    }
    // Person 2k binds person 2k+1's code while 2k+1 binds 2k's, every pair at once.
    const answers = await Promise.all(
      people.map((person, i) =>
        call(
          nginx.url,
          contract.invite.invitedBind,
          { code: codes[i ^ 1] as string },
          { cookie: person.cookie },
        ),
      ),
    );
    for (let pair = 0; pair < PAIRS; pair++) {
      const got = [answers[2 * pair]?.body?.code, answers[2 * pair + 1]?.body?.code].sort();
      expect(got, `pair ${pair}: ${JSON.stringify(answers.slice(2 * pair, 2 * pair + 2))}`).toEqual(
        [SUCCESS, INVITE_CIRCULAR].sort(),
      );
    }
    const ids = people.map((person) => person.id);
    const bindings = await db.select().from(inviteBindings).where(inArray(inviteBindings.inviteeId, ids));
    expect(bindings).toHaveLength(PAIRS);
    const rewards = await db.select().from(inviteRewards).where(inArray(inviteRewards.inviteeId, ids));
    expect(rewards).toHaveLength(PAIRS);
  }, 180_000);

  it('point 5: a node stopped under load drains (not ready, still serving), exits 0, and no request fails; it comes back', async () => {
    const { db } = database;
    const [reader] = await db
      .insert(users)
      .values({ userName: 'drain-reader', avatar: '/cdn/seed/avatar-1.svg' })
      .returning({ id: users.id });
    const cookie = `duToken=${(await new SessionStore(db, 24).create((reader as { id: number }).id)).duToken}`;
    const feed = await call(nginx.url, contract.content.moreRecommend, { limit: 5 });
    const contentId = feed.body?.data.list[0]?.contentId ?? 0;
    expect(contentId).toBeGreaterThan(0);

    const failures: string[] = [];
    let served = 0;
    let running = true;
    const loop = async (client: number) => {
      for (let i = 0; running; i++) {
        const op = (client + i) % 4;
        const answer =
          op === 0
            ? await call(nginx.url, contract.content.moreRecommend, { limit: 5 })
            : op === 1
              ? await call(nginx.url, contract.auth.me, {}, { cookie })
              : op === 2
                ? await call(nginx.url, contract.analytics.reportTelemetry, {
                    kind: 'render-error',
                    message: `drain-${client}-${i}`,
                    pageUrl: '/drain',
                  })
                : await call(
                    nginx.url,
                    i % 8 < 4 ? contract.community.addContentLight : contract.community.delContentLight,
                    { contentId },
                    { cookie },
                  );
        if (answer.status === 200 && answer.body?.code === SUCCESS) served++;
        else failures.push(`op ${op}: ${answer.status} ${JSON.stringify(answer.body) ?? answer.error}`);
      }
    };
    const loops = Array.from({ length: 12 }, (_, client) => loop(client));
    await sleep(1_500);

    const stopped = nodes[1] as ClusterNode;
    const signalledAt = Date.now();
    stopped.child.kill('SIGTERM');
    await sleep(300);
    // Draining: not ready (the project's envelope), still alive and serving.
    const readyz = await fetch(`${stopped.baseUrl}/readyz`);
    expect(readyz.status).toBe(503);
    expect(await readyz.json()).toMatchObject({ code: SERVICE_UNAVAILABLE, data: { status: 'draining' } });
    expect((await fetch(`${stopped.baseUrl}/livez`)).status).toBe(200);
    const direct = await call(stopped.baseUrl, contract.content.moreRecommend, { limit: 1 });
    expect(direct.body?.code).toBe(SUCCESS);
    const { code, signal } = await stopped.exited;
    const exitedAfter = Date.now() - signalledAt;
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(exitedAfter).toBeGreaterThanOrEqual(GRACE_MS);
    // Well before SHUTDOWN_TIMEOUT_MS (10 s): nginx's kept-alive connections did not hold it.
    expect(exitedAfter).toBeLessThan(GRACE_MS + 5_000);
    const servedWhileDown = served;
    await sleep(1_500);
    expect(served).toBeGreaterThan(servedWhileDown);

    // A rolling restart: the node comes back on its port and takes traffic again.
    const back = await spawnNode(1, nodeEnv(databaseUrl), stopped.port);
    nodes[1] = back;
    await waitForOk(`${back.baseUrl}/readyz`, back, 120_000);
    await sleep(1_500);
    running = false;
    await Promise.all(loops);

    expect(
      failures,
      `${failures.length} of ${served + failures.length} failed:\n${failures.slice(0, 20).join('\n')}\n${nginx.errors()}`,
    ).toEqual([]);
    expect(served).toBeGreaterThan(100);
  }, 180_000);
});

import { and, asc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './db/client';
import { jobRuns, lotteries, lotteryEntries, lotteryWinners, users } from './db/schema';
import { insertOperator } from './domains/backstage/accounts';
import { createLottery } from './domains/lottery/backstage';
import { LOTTERY_DRAW_JOB } from './domains/lottery/jobs';
import { parseEnv } from './env';
import { jobDefinitions } from './jobs';
import { PgBossQueue } from './jobs/pg-boss';
import { PROBE_JOB } from './jobs/probe';
import { createObjectStore } from './storage';
import { type PgCluster, postgresBinDir, startPgCluster, TEST_SIGN_SECRET } from './test-utils';
import { type ClusterNode, killNode, spawnNode, waitForOk } from './test-utils/cluster';

/**
 * Issue 31 point 4 on two built server processes on one throwaway PostgreSQL: the jobs run on
 * pg-boss, each once across the processes. The test process only produces (creates a lottery the
 * way the backstage does, sends a job); the nodes do the work. Needs PostgreSQL's server binaries.
 */

const binDir = postgresBinDir();
const silent = { warn() {}, error() {}, info() {}, debug() {} } as unknown as FastifyBaseLogger;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

if (!binDir && process.env.H5_REQUIRE_CLUSTER_TOOLS === '1')
  throw new Error('the cluster tests need PostgreSQL server binaries (.ci/run installs them)');
if (!binDir) console.warn('jobs.cluster.test.ts SKIPPED: needs PostgreSQL server binaries (postgresql-15)');
const describeCluster = binDir ? describe : describe.skip;

/** Waits until `check` answers something, up to `ms`. */
async function until<T>(check: () => Promise<T | undefined>, ms: number): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out');
    await sleep(100);
  }
}

describeCluster('scheduled work on two processes and one PostgreSQL (issue 31 point 4)', () => {
  let cluster: PgCluster;
  let database: Database;
  let producer: PgBossQueue;
  let nodes: ClusterNode[] = [];

  beforeAll(async () => {
    cluster = await startPgCluster(binDir as string);
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query('CREATE DATABASE h5_jobs');
    await admin.end();
    const url = cluster.url.replace(/\/postgres$/, '/h5_jobs');
    const nodeEnv = {
      DATABASE_URL: url,
      APP_ENV: 't1',
      API_BASE_URL: '',
      SIGN_SECRET: TEST_SIGN_SECRET,
      SEED: 'false',
      SHUTDOWN_GRACE_MS: '0',
    };
    nodes = await Promise.all([0, 1].map((i) => spawnNode(i, nodeEnv)));
    await Promise.all(nodes.map((node) => waitForOk(`${node.baseUrl}/readyz`, node, 60_000)));
    database = await openDatabase({ databaseUrl: url });
    const env = parseEnv({ APP_ENV: 't1', SIGN_SECRET: TEST_SIGN_SECRET });
    // Sends only: the nodes work the queues.
    producer = new PgBossQueue(
      url,
      jobDefinitions(env),
      { db: database.db, store: createObjectStore(env), env, log: silent },
      { work: false },
    );
    await producer.start();
  }, 90_000);

  afterAll(async () => {
    await producer?.stop();
    for (const node of nodes) killNode(node);
    await database?.close();
    await cluster?.destroy();
  });

  it('a lottery created for a few seconds ahead draws itself at that time, once, with nobody reading it', async () => {
    const db = database.db;
    const people = await db
      .insert(users)
      .values(['主播', '甲', '乙', '丙', '丁'].map((name) => ({ userName: name, avatar: '' })))
      .returning({ id: users.id });
    const [host, ...entrants] = people;
    const operator = await insertOperator(db, {
      name: 'jobs-admin',
      role: 'admin',
      password: 'cluster-password-0123',
      totpSecret: null,
    });
    if (!host || !operator) throw new Error('setup failed');
    const created = await createLottery(
      db,
      { sessionId: 0, operator, address: '127.0.0.1' },
      {
        streamId: 7001,
        hostUserId: host.id,
        prize: '定时奖品',
        quantity: 2,
        entryRule: 'none',
        drawInSeconds: 4,
      },
      producer,
    );
    await db
      .insert(lotteryEntries)
      .values(entrants.map((user) => ({ lotteryId: created.lotteryId, userId: user.id })));

    const drawn = await until(async () => {
      const [row] = await db.select().from(lotteries).where(eq(lotteries.id, created.lotteryId));
      return row?.drawnAt ? row : undefined;
    }, 15_000);
    // At its time: not before, and within the workers' polling (1 s) and a retry's second.
    const late = (drawn.drawnAt?.getTime() ?? 0) - drawn.drawAt.getTime();
    expect(late).toBeGreaterThanOrEqual(0);
    expect(late).toBeLessThan(3_000);
    await sleep(1_500);
    const winners = await db
      .select()
      .from(lotteryWinners)
      .where(eq(lotteryWinners.lotteryId, created.lotteryId));
    expect(winners).toHaveLength(2);
    const runs = await db
      .select()
      .from(jobRuns)
      .where(and(eq(jobRuns.job, LOTTERY_DRAW_JOB), eq(jobRuns.state, 'succeeded')));
    expect(runs.filter((run) => (run.result as { drew?: boolean }).drew === true)).toHaveLength(1);
  }, 30_000);

  it('a job that fails once is retried and succeeds, and both attempts are recorded', async () => {
    await producer.send(PROBE_JOB, { failFirst: true });
    await until(async () => {
      const rows = await database.db
        .select()
        .from(jobRuns)
        .where(and(eq(jobRuns.job, PROBE_JOB), eq(jobRuns.state, 'succeeded')));
      return rows.length > 0 ? rows : undefined;
    }, 15_000);
    const runs = await database.db
      .select()
      .from(jobRuns)
      .where(eq(jobRuns.job, PROBE_JOB))
      .orderBy(asc(jobRuns.id));
    expect(runs.map((run) => [run.attempt, run.state, run.trigger])).toEqual([
      [1, 'failed', 'send'],
      [2, 'succeeded', 'send'],
    ]);
    expect(runs[0]?.error).toContain('jobs-probe: the first attempt fails on purpose');
    // The retry waited its delay (1 s).
    expect(
      (runs[1]?.startedAt.getTime() ?? 0) - (runs[0]?.finishedAt?.getTime() ?? 0),
    ).toBeGreaterThanOrEqual(900);
  }, 30_000);

  it('both processes stop cleanly on SIGTERM (the queue stops with them)', async () => {
    for (const node of nodes) node.child.kill('SIGTERM');
    for (const node of nodes) expect((await node.exited).code, node.output()).toBe(0);
  }, 30_000);
});

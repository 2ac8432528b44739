import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { contract, type Endpoint, type RequestOf } from '@h5/contract';
import { buildRequest } from '@h5/request';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '../../../../scripts/start-server.mjs';
import { buildApp } from '../app';
import { type PgCluster, postgresBinDir, startPgCluster, testEnv } from '../test-utils';
import { createLoadContext } from '../web/load-context';
import { type Database, openDatabase, rowsOf } from './client';
import { migrate } from './migrate';
import { contentLights, contents, telemetry, users } from './schema';

const binDir = postgresBinDir();
const CLIENTS = 6;
const UNAVAILABLE = { code: 503, msg: '服务暂时不可用，请稍后重试', data: null };

type Op = 'feed' | 'me' | 'telemetry' | 'light';
interface Outcome {
  op: Op;
  client: number;
  startedAt: number;
  endedAt: number;
  status: number;
  body: unknown;
}

/** Real HTTP traffic from CLIENTS concurrent clients (reads and writes) until stopped. */
class Traffic {
  readonly outcomes: Outcome[] = [];
  /** Telemetry rows the server acknowledged (200): id → message. */
  readonly acknowledged = new Map<number, string>();
  /** Per client: its last attempted light state and whether that attempt was acknowledged. */
  readonly lights: { wanted: boolean; acknowledged: boolean }[] = [];
  private running = true;
  private readonly loops: Promise<void>[];

  constructor(
    private readonly baseUrl: string,
    private readonly signSecret: string,
    private readonly clients: { cookie: string }[],
    private readonly contentId: number,
  ) {
    this.loops = clients.map((_, index) => this.loop(index));
  }

  private async call<E extends Endpoint>(endpoint: E, input: RequestOf<E>, client: number) {
    const wire = buildRequest(endpoint, input, this.signSecret);
    const response = await fetch(`${this.baseUrl}${wire.url}`, {
      method: wire.method,
      headers: { ...wire.headers, cookie: this.clients[client]?.cookie ?? '' },
      ...(wire.body === undefined ? {} : { body: wire.body }),
    });
    return { status: response.status, body: (await response.json()) as { code: number; data: unknown } };
  }

  private async loop(client: number) {
    const ops: Op[] = ['feed', 'telemetry', 'light', 'me'];
    for (let i = client; this.running; i++) {
      const op = ops[i % ops.length] as Op;
      const startedAt = Date.now();
      const message = `outage-${client}-${i}`;
      const wanted = !(this.lights[client]?.wanted ?? false);
      if (op === 'light') this.lights[client] = { wanted, acknowledged: false };
      let result: { status: number; body: { code: number; data: unknown } };
      try {
        result =
          op === 'feed'
            ? await this.call(contract.content.moreRecommend, { limit: 5 }, client)
            : op === 'me'
              ? await this.call(contract.auth.me, {}, client)
              : op === 'telemetry'
                ? await this.call(
                    contract.analytics.reportTelemetry,
                    { kind: 'render-error', message, pageUrl: '/outage' },
                    client,
                  )
                : await this.call(
                    wanted ? contract.community.addContentLight : contract.community.delContentLight,
                    { contentId: this.contentId },
                    client,
                  );
      } catch (error) {
        result = { status: 0, body: { code: 0, data: String(error) } };
      }
      this.outcomes.push({ op, client, startedAt, endedAt: Date.now(), ...result });
      if (result.status === 200 && result.body.code === 200) {
        if (op === 'telemetry') this.acknowledged.set((result.body.data as { id: number }).id, message);
        if (op === 'light') this.lights[client] = { wanted, acknowledged: true };
      }
      // A refused call is retried soon, not in a tight loop.
      if (result.status !== 200) await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** Outcomes of calls started in [from, to). */
  between(from: number, to: number): Outcome[] {
    return this.outcomes.filter((o) => o.startedAt >= from && o.startedAt < to);
  }

  async stop() {
    this.running = false;
    await Promise.all(this.loops);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('PostgreSQL going away under traffic (a throwaway cluster of its own)', () => {
  let cluster: PgCluster | undefined;
  let database: Database | undefined;
  let app: FastifyInstance | undefined;

  beforeAll(async () => {
    if (!binDir) return;
    cluster = await startPgCluster(binDir);
  });

  afterAll(async () => {
    try {
      await app?.close();
      // Bounded: a leaked connection would keep the pool from ending (the test says so itself).
      await Promise.race([database?.close(), sleep(5_000)]);
    } finally {
      await cluster?.destroy();
    }
  });

  it('answers 503 envelopes while the database is down, stays up, recovers by itself and loses no acknowledged write', async (ctx) => {
    if (!binDir || !cluster)
      return ctx.skip(
        'no PostgreSQL server binaries (initdb, pg_ctl) under /usr/lib/postgresql/*/bin or PG_BIN_DIR',
      );
    const env = testEnv({ DATABASE_URL: cluster.url, DB_CONNECT_TIMEOUT_MS: '1000' });
    database = await openDatabase({ databaseUrl: cluster.url, connectTimeoutMs: env.DB_CONNECT_TIMEOUT_MS });
    await migrate(database);
    const { db } = database;
    app = await buildApp({ env, db });
    const [author] = await db
      .insert(users)
      .values({ userName: 'outage-author', avatar: '/a.svg' })
      .returning();
    const [content] = await db
      .insert(contents)
      .values({ authorId: (author as { id: number }).id, contentType: 0, title: 'outage', body: 'outage' })
      .returning();
    const contentId = (content as { id: number }).id;
    const clients: { cookie: string; userId: number }[] = [];
    for (let i = 0; i < CLIENTS; i++) {
      const [user] = await db
        .insert(users)
        .values({ userName: `outage-${i}`, avatar: '/a.svg' })
        .returning();
      const userId = (user as { id: number }).id;
      const { duToken } = await app.deps.sessions.create(userId);
      clients.push({ cookie: `duToken=${encodeURIComponent(duToken)}`, userId });
    }
    const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    const health = async () => {
      const response = await fetch(`${baseUrl}/healthz`);
      return { status: response.status, body: await response.json() };
    };
    const cdn = async () => {
      const response = await fetch(`${baseUrl}/cdn/community-h5/outage/missing.png`);
      return { status: response.status, body: await response.json() };
    };

    const traffic = new Traffic(baseUrl, env.SIGN_SECRET, clients, contentId);
    try {
      await sleep(500);
      for (const mode of ['fast', 'immediate'] as const) {
        await cluster.stop(mode);
        const down = Date.now();
        await sleep(1000);
        expect(await health()).toEqual({
          status: 503,
          body: { code: 503, msg: '服务暂时不可用，请稍后重试', data: { status: 'database unreachable' } },
        });
        // An SSR loader's in-process call throws a 503 route response (the page's own fallback, or a 503 page).
        const pageContext = createLoadContext(
          app,
          app.deps,
          { headers: {}, cookies: {} } as never,
          { header: () => undefined } as never,
        );
        await expect(pageContext.api(contract.content.moreRecommend, { limit: 2 })).rejects.toMatchObject({
          type: 'DataWithResponseInit',
          data: UNAVAILABLE,
          init: { status: 503 },
        });
        // The CDN and storage host keep their own OSS error format, with the same text for people.
        expect(await cdn()).toMatchObject({
          status: 503,
          body: { code: 'ServiceUnavailable', msg: '服务暂时不可用，请稍后重试' },
        });
        const upStart = Date.now();
        const whileDown = traffic.between(down, upStart);
        expect(app.server.listening).toBe(true);
        expect(whileDown.length).toBeGreaterThan(CLIENTS);
        for (const outcome of whileDown)
          expect({ mode, ...outcome, status: outcome.status }).toMatchObject({
            status: 503,
            body: UNAVAILABLE,
          });

        await cluster.start();
        const started = Date.now();
        let recovered = 0;
        while (!recovered && Date.now() - started < 5000) {
          if ((await health()).status === 200) recovered = Date.now();
          else await sleep(50);
        }
        expect(recovered, `${mode}: /healthz 200 within 5 s of the restart`).toBeGreaterThan(0);
        expect(await cdn()).toMatchObject({ status: 404, body: { code: 'NoSuchKey' } });
        await sleep(700);
        const after = traffic.between(recovered, Date.now());
        expect(after.length).toBeGreaterThan(CLIENTS);
        for (const outcome of after)
          expect({ mode, ...outcome }).toMatchObject({ status: 200, body: { code: 200 } });
      }
    } finally {
      await traffic.stop();
    }

    // Every answer was a success or the 503 envelope: never a 500, a reset or a hang.
    for (const outcome of traffic.outcomes) {
      if (outcome.status !== 200) expect(outcome).toMatchObject({ status: 503, body: UNAVAILABLE });
      else expect(outcome).toMatchObject({ body: { code: 200 } });
    }
    // Every acknowledged write is there after two outages.
    expect(traffic.acknowledged.size).toBeGreaterThan(CLIENTS);
    const stored = await db
      .select({ id: telemetry.id, message: telemetry.message })
      .from(telemetry)
      .where(eq(telemetry.pageUrl, '/outage'));
    const byId = new Map(stored.map((row) => [row.id, row.message]));
    for (const [id, message] of traffic.acknowledged) expect(byId.get(id)).toBe(message);
    // No half-done light: the count moved exactly with the rows (one transaction each).
    const [counts] = rowsOf<{ rows: number; count: number }>(
      await db.execute(
        sql`select (select count(*)::int from ${contentLights} where content_id = ${contentId}) as rows, (select light_count from ${contents} where id = ${contentId}) as count`,
      ),
    );
    expect(counts?.rows).toBe(counts?.count);
    // A client whose last light call was acknowledged sees that state stored.
    const lit = new Set(
      (
        await db
          .select({ userId: contentLights.userId })
          .from(contentLights)
          .where(eq(contentLights.contentId, contentId))
      ).map((row) => row.userId),
    );
    clients.forEach((client, index) => {
      const light = traffic.lights[index];
      if (light?.acknowledged) expect(lit.has(client.userId)).toBe(light.wanted);
    });
    // The pool ends at once: no failed call left a connection checked out (a leak empties the pool).
    await app.close();
    app = undefined;
    const closing = database.close().then(() => 'closed');
    database = undefined;
    expect(await Promise.race([closing, sleep(5000).then(() => 'a connection is still checked out')])).toBe(
      'closed',
    );
  }, 60_000);

  it('gives back a connection whose transaction failed at BEGIN (the server had closed it while idle)', async (ctx) => {
    if (!binDir || !cluster)
      return ctx.skip(
        'no PostgreSQL server binaries (initdb, pg_ctl) under /usr/lib/postgresql/*/bin or PG_BIN_DIR',
      );
    const admin = new pg.Client(cluster.url);
    await admin.connect();
    try {
      await admin.query('drop database if exists begin_leak');
      await admin.query('create database begin_leak');
      const pool = await openDatabase({
        databaseUrl: cluster.url.replace(/\/postgres$/, '/begin_leak'),
        connectTimeoutMs: 500,
      });
      // Ten idle connections in the pool, then the server ends them all.
      await Promise.all(Array.from({ length: 10 }, () => pool.db.execute(sql`select pg_sleep(0.05)`)));
      // psql ends them (waiting until each backend has exited) while this process's event loop is
      // blocked, so the pool cannot have read the closes when the transactions below check the
      // connections out. Through the async admin client the pool sometimes read them first, and
      // no BEGIN failed (seen in the project's CI).
      execFileSync(join(binDir, 'psql'), [
        cluster.url,
        '-Atc',
        "select pg_terminate_backend(pid, 5000) from pg_stat_activity where datname = 'begin_leak' and pid <> pg_backend_pid()",
      ]);
      // Taken from the pool before it noticed: BEGIN goes to a closed connection and fails.
      const attempts = await Promise.allSettled(
        Array.from({ length: 10 }, () => pool.db.transaction((tx) => tx.execute(sql`select 1`))),
      );
      expect(attempts.some((attempt) => attempt.status === 'rejected')).toBe(true);
      // The pool is not left empty: the next statements get fresh connections.
      for (let i = 0; i < 10; i++)
        await expect(pool.db.transaction((tx) => tx.execute(sql`select 1 as one`))).resolves.toBeTruthy();
      const closing = pool.close().then(() => 'closed');
      expect(await Promise.race([closing, sleep(5000).then(() => 'a connection is still checked out')])).toBe(
        'closed',
      );
    } finally {
      await admin.end();
    }
  });

  it('answers 503 within the query time-out while the database is frozen, then recovers', async (ctx) => {
    if (!binDir || !cluster)
      return ctx.skip(
        'no PostgreSQL server binaries (initdb, pg_ctl) under /usr/lib/postgresql/*/bin or PG_BIN_DIR',
      );
    const env = testEnv({
      DATABASE_URL: cluster.url,
      DB_CONNECT_TIMEOUT_MS: '1000',
      DB_QUERY_TIMEOUT_MS: '1000',
    });
    const frozenDb = await openDatabase({
      databaseUrl: cluster.url,
      connectTimeoutMs: env.DB_CONNECT_TIMEOUT_MS,
      queryTimeoutMs: env.DB_QUERY_TIMEOUT_MS,
    });
    await migrate(frozenDb);
    const served = await buildApp({ env, db: frozenDb.db });
    const feed = (limit = 2) => {
      const wire = buildRequest(contract.content.moreRecommend, { limit }, env.SIGN_SECRET);
      return served.inject({ method: wire.method, url: wire.url });
    };
    // Warm: the pool holds open connections, which a frozen server never answers on. Another page
    // size than the frozen read's, which a visitor would otherwise get from the one-second cache.
    expect((await feed(3)).statusCode).toBe(200);
    const pids = await cluster.pids();
    for (const pid of pids) process.kill(pid, 'SIGSTOP');
    try {
      const started = Date.now();
      const [health, page] = await Promise.all([served.inject('/healthz'), feed()]);
      const waited = Date.now() - started;
      expect(health.statusCode).toBe(503);
      expect(page.statusCode).toBe(503);
      expect(page.json()).toEqual(UNAVAILABLE);
      // Bounded by the time-outs (1 s each), not by the frozen server.
      expect(waited).toBeLessThan(4_000);
    } finally {
      for (const pid of pids) process.kill(pid, 'SIGCONT');
    }
    let healthy = 0;
    for (let i = 0; i < 50 && healthy === 0; i++) {
      if ((await served.inject('/healthz')).statusCode === 200) healthy = 1;
      else await sleep(100);
    }
    expect(healthy).toBe(1);
    expect((await feed()).statusCode).toBe(200);
    await served.close();
    await Promise.race([frozenDb.close(), sleep(5_000)]);
  }, 30_000);

  it('keeps the job queue (the upload sweep) alive when a run meets a database that refuses connections', async () => {
    const url = `postgres://h5@127.0.0.1:${await freePort()}/nothing`;
    const unreachable = await openDatabase({ databaseUrl: url, connectTimeoutMs: 300 });
    try {
      const swept = await buildApp({ env: testEnv(), db: unreachable.db });
      const failed = vi.spyOn(swept.log, 'warn');
      const attempts = () =>
        failed.mock.calls.filter(([fields, message]) => {
          const job = (fields as { job?: string } | undefined)?.job;
          return job === 'upload-sweep' && message === 'job attempt failed';
        }).length;
      await swept.deps.jobs.start();
      await swept.deps.jobs.send('upload-sweep');
      await vi.waitFor(() => expect(attempts()).toBe(1), { timeout: 5_000 });
      // The next run still happens, and the server still answers (503: the database is away).
      await swept.deps.jobs.send('upload-sweep');
      await vi.waitFor(() => expect(attempts()).toBe(2), { timeout: 5_000 });
      const health = await swept.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(503);
      await swept.close();
    } finally {
      await unreachable.close();
    }
  });
});

import { randomUUID } from 'node:crypto';
import { contract } from '@h5/contract';
import { SUCCESS } from '@h5/core';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import {
  type PgCluster,
  postgresBinDir,
  signedInjector,
  startPgCluster,
  type TestApp,
  testEnv,
  uniquePhone,
} from '../test-utils';
import { type PgBouncer, pgbouncerBinary, startPgBouncer } from '../test-utils/pgbouncer';
import { type Database, type DatabaseLog, openDatabase, rowsOf } from './client';
import { migrate } from './migrate';
import { contentLights, contents, replies, users } from './schema';
import { seedIfEmpty } from './seed';

/**
 * Issue 29 point 3: the server through PgBouncer 1.18 in transaction pooling mode, where
 * consecutive transactions of one client connection run on different server connections, so no
 * session state may carry from one statement to the next (named prepared statements, session
 * advisory locks, plain SET, LISTEN, temporary tables). A throwaway PostgreSQL and a throwaway
 * pgbouncer (its own ini and userlist, stopped by pid) with fewer server connections than the
 * app's pool, so the app's connections share them.
 */

const binDir = postgresBinDir();
const missing = [
  binDir ? null : 'PostgreSQL server binaries (postgresql-15)',
  pgbouncerBinary() ? null : 'pgbouncer (apt-get install -y pgbouncer)',
].filter(Boolean);
if (missing.length > 0 && process.env.H5_REQUIRE_CLUSTER_TOOLS === '1')
  throw new Error(`the PgBouncer test needs ${missing.join(', ')} (.ci/run installs them)`);
if (missing.length > 0) console.warn(`pgbouncer.cluster.test.ts SKIPPED: needs ${missing.join(', ')}`);
const describeCluster = missing.length === 0 ? describe : describe.skip;

/** Server connections PgBouncer keeps per database: below the app pool's 10. */
const SERVER_CONNECTIONS = 4;
const CALLERS = 12;

describeCluster('the server through PgBouncer in transaction pooling mode (issue 29 point 3)', () => {
  let cluster: PgCluster;
  let bouncer: PgBouncer;
  let url: string;
  const databases: Database[] = [];
  let app: FastifyInstance | undefined;

  /** A database through the bouncer, as DB_TRANSACTION_POOLING says (or not). */
  async function throughBouncer(transactionPooling: boolean, log?: DatabaseLog) {
    const database = await openDatabase({ databaseUrl: url, transactionPooling, log });
    databases.push(database);
    return database;
  }

  beforeAll(async () => {
    cluster = await startPgCluster(binDir as string);
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query('create database h5_bouncer');
    await admin.end();
    bouncer = await startPgBouncer(cluster.port, { poolSize: SERVER_CONNECTIONS });
    url = bouncer.urlOf('h5_bouncer');
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    for (const database of databases) await database.close().catch(() => undefined);
    await bouncer?.stop();
    await cluster?.destroy();
  });

  it('really pools by transaction: named statements of a plain pg pool break through it', async () => {
    // The trap the server must stay out of: node-postgres parses a named statement once per
    // client connection, and PgBouncer runs its next use on another server connection.
    const pool = new pg.Pool({ connectionString: url, max: 8 });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) =>
        pool.query({ name: 'probe', text: 'select $1::int as n', values: [i] }),
      ),
    );
    await pool.end();
    const codes = new Set(
      outcomes.flatMap((outcome) =>
        outcome.status === 'rejected' ? [(outcome.reason as { code: string }).code] : [],
      ),
    );
    expect([...codes].some((code) => code === '26000' || code === '42P05')).toBe(true);
  });

  it('migrates and seeds once under the start-up lock with two nodes starting together', async () => {
    const [first, second] = [await throughBouncer(true), await throughBouncer(true)];
    const spans: { node: number; from: number; to: number; seeded: boolean }[] = [];
    const start = (database: Database, node: number) =>
      database.exclusive(async () => {
        const from = Date.now();
        await migrate(database);
        const seeded = await seedIfEmpty(database.db);
        spans.push({ node, from, to: Date.now(), seeded });
      });
    await Promise.all([start(first as Database, 1), start(second as Database, 2)]);
    expect(spans).toHaveLength(2);
    const [a, b] = spans.sort((x, y) => x.from - y.from) as [(typeof spans)[0], (typeof spans)[0]];
    // One after the other: the lock held across the work's own transactions on other connections.
    expect(b.from).toBeGreaterThanOrEqual(a.to);
    expect(spans.map((span) => span.seeded).sort()).toEqual([false, true]);
    const [seeded] = rowsOf<{ n: number }>(
      await (first as Database).db.execute(sql`select count(*)::int as n from users`),
    );
    expect(seeded?.n).toBeGreaterThan(100);
  }, 240_000);

  it('serves logins, lights, comments, feeds and an exactly-once burst with concurrent callers', async () => {
    const database = await throughBouncer(true);
    const env = testEnv({ DATABASE_URL: url, DB_TRANSACTION_POOLING: 'true' });
    app = await buildApp({ env, db: database.db });
    const call: TestApp['signedInject'] = signedInjector(app, env.SIGN_SECRET);
    const ok = <T extends { status: number; body: { code: number } }>(answer: T): T => {
      expect({ status: answer.status, body: answer.body }).toMatchObject({
        status: 200,
        body: { code: SUCCESS },
      });
      return answer;
    };

    // Logins: code, outbox, verify, me, all callers at once.
    const logIn = async () => {
      const phone = uniquePhone();
      ok(await call(contract.auth.sendLoginCode, { phone }));
      const outbox = ok(await call(contract.auth.loginOutbox, { phone }));
      const code = outbox.body.data.messages[0]?.code as string;
      const login = ok(await call(contract.auth.login, { phone, code }));
      const me = ok(await call(contract.auth.me, {}, { cookies: login.cookies }));
      expect(me.body.data.userId).toBe(login.body.data.user.userId);
      return { cookies: login.cookies, userId: login.body.data.user.userId };
    };
    const callers = await Promise.all(Array.from({ length: CALLERS }, logIn));

    // Feeds: a visitor's and every reader's, two pages each (named statements on the pool).
    const [first] = await database.db
      .select({ id: contents.id })
      .from(contents)
      .orderBy(contents.id)
      .limit(1);
    const topic = (first as { id: number }).id;
    const feeds = await Promise.all([
      call(contract.content.moreRecommend, { limit: 7 }),
      ...callers.map(async ({ cookies }) => {
        const page = ok(await call(contract.content.moreRecommend, { limit: 5 }, { cookies }));
        return call(
          contract.content.moreRecommend,
          { limit: 5, lastId: page.body.data.lastId ?? undefined },
          { cookies },
        );
      }),
    ]);
    for (const feed of feeds) expect(ok(feed).body.data.list.length).toBeGreaterThan(0);

    // A light from every caller at once, twice (a double tap): one row each, the count moved once each.
    const lightCount = async () =>
      (await database.db.select({ n: contents.lightCount }).from(contents).where(eq(contents.id, topic)))[0]
        ?.n;
    const before = (await lightCount()) ?? 0;
    await Promise.all(
      [...callers, ...callers].map(({ cookies }) =>
        call(contract.community.addContentLight, { contentId: topic }, { cookies }).then(ok),
      ),
    );
    const lit = await database.db
      .select({ userId: contentLights.userId })
      .from(contentLights)
      .where(
        and(
          eq(contentLights.contentId, topic),
          inArray(
            contentLights.userId,
            callers.map((c) => c.userId),
          ),
        ),
      );
    expect(lit).toHaveLength(CALLERS);
    expect(await lightCount()).toBe(before + CALLERS);

    // A comment posted by every caller, each sent five times at once with its requestId: one row each.
    const posts = callers.map((caller, i) => ({
      caller,
      requestId: randomUUID(),
      content: `经由 PgBouncer 的评论 ${i}`,
    }));
    const answers = await Promise.all(
      posts.flatMap(({ caller, requestId, content }) =>
        Array.from({ length: 5 }, () =>
          call(
            contract.community.replyAdd,
            { contentId: topic, content, requestId },
            { cookies: caller.cookies },
          ),
        ),
      ),
    );
    for (const answer of answers) ok(answer);
    const stored = await database.db
      .select({ id: replies.id, requestId: replies.requestId })
      .from(replies)
      .where(
        inArray(
          replies.requestId,
          posts.map((post) => post.requestId),
        ),
      );
    expect(stored).toHaveLength(CALLERS);
    // Every copy of a post answered the one stored reply.
    for (const post of posts) {
      const row = stored.find((r) => r.requestId === post.requestId);
      const copies = answers.filter((a) => a.body.data.reply.content === post.content);
      expect(new Set(copies.map((a) => a.body.data.reply.replyId))).toEqual(new Set([row?.id]));
    }
    // The comments read back, from another caller, with the configuration every page reads.
    const [list, conf] = await Promise.all([
      call(contract.community.replyList, { contentId: topic, limit: 40 }, { cookies: callers[0]?.cookies }),
      call(contract.config.clientConf, {}),
    ]);
    expect(ok(list).body.data.list.map((reply) => reply.content)).toEqual(
      expect.arrayContaining(posts.map((post) => post.content)),
    );
    ok(conf);
  }, 120_000);

  it('without DB_TRANSACTION_POOLING the pool notices the pooler at its first refused named statement and goes on unnamed', async () => {
    const warnings: string[] = [];
    const log: DatabaseLog = { warn: (_details, message) => warnings.push(message), info: () => undefined };
    const database = await throughBouncer(false, log);
    const env = testEnv({ DATABASE_URL: url });
    const unaware = await buildApp({ env, db: database.db });
    try {
      const call = signedInjector(unaware, env.SIGN_SECRET);
      const [viewer] = await database.db.select({ id: users.id }).from(users).limit(1);
      const { duToken } = await unaware.deps.sessions.create((viewer as { id: number }).id);
      // Session lookups and the ranked feed are named statements: many at once, on every connection.
      const answers = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          call(contract.content.moreRecommend, { limit: 1 + (i % 9) }, { cookies: { duToken } }),
        ),
      );
      for (const answer of answers) expect(answer.body.code).toBe(SUCCESS);
      expect(warnings.filter((w) => w.includes('DB_TRANSACTION_POOLING'))).toHaveLength(1);
    } finally {
      await unaware.close();
    }
  });
});

import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { contract } from '@h5/contract';
import { SUCCESS, TOKEN_EXPIRED } from '@h5/core';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { READ_FENCE_COOKIE } from '../plugins/read-your-writes';
import {
  type PgCluster,
  postgresBinDir,
  signedInjector,
  startPgCluster,
  startPgReplica,
  type TestApp,
  testEnv,
  uniquePhone,
} from '../test-utils';
import { createLoadContext } from '../web/load-context';
import { type Database, openDatabase } from './client';
import { migrate } from './migrate';
import { contents, users } from './schema';

/**
 * Issue 29 point 2 on a real streaming replica: a throwaway primary and a `pg_basebackup` copy
 * of it replaying its WAL, each on a free port. Visitors' reads are served by the replica; a
 * writer reads their own writes at once (the fence cookie), on any node; a replica that lags
 * past DATABASE_READ_MAX_LAG_MS or is down sends reads to the primary, never an error. Pausing
 * the replica's replay (`pg_wal_replay_pause`) makes what each server holds tell them apart.
 */

const found = postgresBinDir();
const binDir = found && existsSync(join(found, 'pg_basebackup')) ? found : undefined;
if (!binDir && process.env.H5_REQUIRE_CLUSTER_TOOLS === '1')
  throw new Error(
    'the replica test needs PostgreSQL server binaries with pg_basebackup (.ci/run installs them)',
  );
if (!binDir)
  console.warn(
    'replica.cluster.test.ts SKIPPED: no PostgreSQL server binaries (initdb, pg_ctl, pg_basebackup) under /usr/lib/postgresql/*/bin or PG_BIN_DIR',
  );
const describeCluster = binDir ? describe : describe.skip;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` every 50 ms until it holds, or fails naming `what`. */
async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await sleep(50);
  }
}

/** One node: the app on its own connections to the primary and the replica. */
interface Node extends Pick<TestApp, 'signedInject'> {
  app: FastifyInstance;
  database: Database;
}

describeCluster('reads from a streaming replica (issue 29 point 2)', () => {
  let primary: PgCluster;
  let replica: PgCluster;
  let primaryUrl: string;
  let replicaUrl: string;
  const nodes: Node[] = [];
  let authorId: number;

  /** A node with the replica as DATABASE_READ_URL, allowed `maxLagMs` of lag. */
  async function startNode(maxLagMs: number): Promise<Node> {
    const env = testEnv({
      DATABASE_URL: primaryUrl,
      DATABASE_READ_URL: replicaUrl,
      DATABASE_READ_MAX_LAG_MS: String(maxLagMs),
      DB_CONNECT_TIMEOUT_MS: '1000',
    });
    const database = await openDatabase({
      databaseUrl: primaryUrl,
      readUrl: replicaUrl,
      readMaxLagMs: env.DATABASE_READ_MAX_LAG_MS,
      connectTimeoutMs: env.DB_CONNECT_TIMEOUT_MS,
    });
    const app = await buildApp({ env, db: database.db, reads: database.reads, replica: database.replica });
    const node = { app, database, signedInject: signedInjector(app, env.SIGN_SECRET) };
    nodes.push(node);
    return node;
  }

  /** Waits until the node's router knows the replica holds everything the primary has now. */
  async function caughtUp(node: Node) {
    const router = node.database.replica;
    if (!router) throw new Error('no replica router');
    const now = await router.writePosition();
    await until('the replica replays the primary', () => router.serves(now));
  }

  /** Runs one statement on the replica's server (its own connection: the replica is stopped below). */
  async function onStandby(statement: string) {
    const client = new pg.Client({ connectionString: replica.url });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  }
  const pauseReplay = () => onStandby('select pg_wal_replay_pause()');
  const resumeReplay = () => onStandby('select pg_wal_replay_resume()');

  /** A new content written straight on the primary; its id. */
  async function newContent(db: Database, title: string): Promise<number> {
    const [row] = await db.db
      .insert(contents)
      .values({ authorId, contentType: 2, title, body: title })
      .returning({ id: contents.id });
    return (row as { id: number }).id;
  }

  /** Whether `node` shows the content (to a visitor, or to whoever `cookies` sign in). */
  async function shows(node: Node, contentId: number, cookies?: Record<string, string>) {
    const answer = await node.signedInject(contract.content.contentDetail, { contentId }, { cookies });
    expect([SUCCESS, 404]).toContain(answer.body.code);
    return answer.body.code === SUCCESS;
  }

  /** send-code → outbox → login on `node`: the answer's cookies (the session's, and the fence). */
  async function logIn(node: Node) {
    const phone = uniquePhone();
    expect((await node.signedInject(contract.auth.sendLoginCode, { phone })).body.code).toBe(SUCCESS);
    const outbox = await node.signedInject(contract.auth.loginOutbox, { phone });
    const code = outbox.body.data.messages[0]?.code as string;
    const login = await node.signedInject(contract.auth.login, { phone, code });
    expect(login.body.code).toBe(SUCCESS);
    return { cookies: login.cookies, userId: login.body.data.user.userId };
  }

  beforeAll(async () => {
    primary = await startPgCluster(binDir as string);
    const admin = new pg.Client({ connectionString: primary.url });
    await admin.connect();
    await admin.query('create database h5_replica');
    await admin.end();
    primaryUrl = primary.url.replace(/\/postgres$/, '/h5_replica');
    const setup = await openDatabase({ databaseUrl: primaryUrl });
    await migrate(setup);
    const [author] = await setup.db
      .insert(users)
      .values({ userName: 'replica-author', avatar: '/a.svg' })
      .returning({ id: users.id });
    authorId = (author as { id: number }).id;
    await setup.close();
    replica = await startPgReplica(binDir as string, primary);
    replicaUrl = replica.url.replace(/\/postgres$/, '/h5_replica');
  }, 180_000);

  afterAll(async () => {
    for (const node of nodes) {
      await node.app.close();
      await Promise.race([node.database.close(), sleep(5_000)]);
    }
    await replica?.destroy();
    await primary?.destroy();
  });

  it("serves visitors' reads from the replica, and a writer's reads after their write from the primary, on any node", async () => {
    // Allowed a minute of lag: here only the caller's own writes send reads to the primary.
    const node = await startNode(60_000);
    const other = await startNode(60_000);
    const writer = await logIn(node);
    const reader = await logIn(node);
    const topic = await newContent(node.database, 'a topic');
    await caughtUp(node);
    await caughtUp(other);
    // Caught up: the session is on the replica, and the fence of the login is passed.
    expect((await node.signedInject(contract.auth.me, {}, { cookies: writer.cookies })).body.code).toBe(
      SUCCESS,
    );

    await pauseReplay();
    try {
      const fresh = await newContent(node.database, 'written while the replica waits');
      // A visitor's read is the replica's: it does not have the new content yet.
      expect(await shows(node, fresh)).toBe(false);
      // So is a page's in-process read (the SSR loaders' calls).
      const page = createLoadContext(
        node.app,
        node.app.deps,
        { headers: {}, cookies: {} } as never,
        {
          header: () => undefined,
        } as never,
      );
      await expect(page.api(contract.content.contentDetail, { contentId: fresh })).rejects.toMatchObject({
        code: 404,
      });

      // The writer comments: the answer carries their fence (the primary's position after it).
      const comment = `我的评论 ${randomUUID()}`;
      const posted = await node.signedInject(
        contract.community.replyAdd,
        { contentId: topic, content: comment, requestId: randomUUID() },
        { cookies: writer.cookies },
      );
      expect(posted.body.code).toBe(SUCCESS);
      const fence = posted.cookies[READ_FENCE_COOKIE];
      expect(fence).toMatch(/^\d+$/);
      expect(String(posted.headers['set-cookie'])).toMatch(
        new RegExp(`${READ_FENCE_COOKIE}=${fence}; Max-Age=62; Path=/; HttpOnly; SameSite=Lax`),
      );
      const withFence = { ...writer.cookies, [READ_FENCE_COOKIE]: fence as string };
      const texts = async (n: Node, cookies?: Record<string, string>) =>
        (
          await n.signedInject(contract.community.replyList, { contentId: topic, limit: 10 }, { cookies })
        ).body.data.list.map((reply) => reply.content);
      // The writer sees it at once, on this node and on another (the fence travels in the cookie) ...
      expect(await texts(node, withFence)).toContain(comment);
      expect(await texts(other, withFence)).toContain(comment);
      // ... while a reader and a visitor, read from the replica, do not yet.
      expect(await texts(node, reader.cookies)).not.toContain(comment);
      expect(await texts(other)).not.toContain(comment);

      // A call that writes and then reads (the client-conf write answers the document it wrote):
      // after its write, the request's reads are the primary's.
      const key = `switch_${Date.now()}`;
      const conf = await node.signedInject(contract.config.setClientConf, {
        project: 'community-h5',
        key,
        value: true,
      });
      expect(conf.body.data).toMatchObject({ [key]: true });

      // A light: the writer's own detail shows it lit and counted.
      const lit = await node.signedInject(
        contract.community.addContentLight,
        { contentId: topic },
        { cookies: writer.cookies },
      );
      const litFence = { ...writer.cookies, [READ_FENCE_COOKIE]: lit.cookies[READ_FENCE_COOKIE] as string };
      const seen = await other.signedInject(
        contract.content.contentDetail,
        { contentId: topic },
        { cookies: litFence },
      );
      expect(seen.body.data).toMatchObject({ isLight: true, lightCount: 1 });

      // A login while the replica waits: with its fence the new session works at once; so does
      // the same session without the fence (an app sending its tokens as headers has none): the
      // replica has not seen it yet, so the lookup asks the primary.
      const late = await logIn(other);
      expect(late.cookies[READ_FENCE_COOKIE]).toMatch(/^\d+$/);
      expect((await node.signedInject(contract.auth.me, {}, { cookies: late.cookies })).body.code).toBe(
        SUCCESS,
      );
      const { [READ_FENCE_COOKIE]: _fence, ...sessionOnly } = late.cookies;
      expect((await node.signedInject(contract.auth.me, {}, { cookies: sessionOnly })).body.code).toBe(
        SUCCESS,
      );
      // A token nobody issued is still refused, after both lookups.
      const forged = { ...sessionOnly, duToken: `${sessionOnly.duToken}x` };
      expect((await node.signedInject(contract.auth.me, {}, { cookies: forged })).body.code).toBe(
        TOKEN_EXPIRED,
      );
    } finally {
      await resumeReplay();
    }

    // Once the replica has replayed the fence, the writer's reads are the replica's again.
    await caughtUp(node);
    const fenceNow = (
      await node.signedInject(
        contract.community.addContentLight,
        { contentId: topic },
        {
          cookies: writer.cookies,
        },
      )
    ).cookies[READ_FENCE_COOKIE] as string;
    await caughtUp(node);
    await pauseReplay();
    try {
      const unseen = await newContent(node.database, 'someone else wrote this');
      expect(await shows(node, unseen, { ...writer.cookies, [READ_FENCE_COOKIE]: fenceNow })).toBe(false);
    } finally {
      await resumeReplay();
    }
  });

  it('sends reads to the primary once the replica lags past DATABASE_READ_MAX_LAG_MS, and back when it catches up', async () => {
    const node = await startNode(300);
    await caughtUp(node);
    const router = node.database.replica;
    if (!router) throw new Error('no replica router');
    expect(router.serves(null)).toBe(true);
    await pauseReplay();
    let behind: number;
    try {
      const written = Date.now();
      behind = await newContent(node.database, 'written while the replica lags');
      await until('the router gives up on the lagging replica', () => !router.serves(null), 10_000);
      // Not before the allowed lag (less one reading's period: a reading taken just before the write may see it).
      expect(Date.now() - written).toBeGreaterThanOrEqual(300 - router.pollMs);
      // A visitor now reads the primary: the content is there.
      expect(await shows(node, behind)).toBe(true);
    } finally {
      await resumeReplay();
    }
    await until('the replica serves again once it caught up', () => router.serves(null), 10_000);
  });

  it('answers every read while the replica is down (from the primary), and uses the replica again once it is back', async () => {
    const node = await startNode(60_000);
    const viewer = await logIn(node);
    await caughtUp(node);
    const router = node.database.replica;
    if (!router) throw new Error('no replica router');
    // Warm: the replica pool holds open connections, which the stop kills under the reads.
    expect((await node.signedInject(contract.content.moreRecommend, { limit: 3 })).body.code).toBe(SUCCESS);
    await replica.stop('immediate');
    const failures: unknown[] = [];
    try {
      const written = await newContent(node.database, 'written while the replica is down');
      const deadline = Date.now() + 1_500;
      for (let round = 0; Date.now() < deadline; round++) {
        const answers = await Promise.all([
          node.signedInject(contract.content.moreRecommend, { limit: 1 + (round % 5) }),
          node.signedInject(contract.content.contentDetail, { contentId: written }),
          node.signedInject(contract.auth.me, {}, { cookies: viewer.cookies }),
          node.signedInject(
            contract.community.replyList,
            { contentId: written, limit: 2 },
            {
              cookies: viewer.cookies,
            },
          ),
        ]);
        for (const answer of answers)
          if (answer.status !== 200 || answer.body.code !== SUCCESS) failures.push(answer.body);
      }
      expect(failures).toEqual([]);
      expect(router.serves(null)).toBe(false);
    } finally {
      await replica.start();
    }
    await caughtUp(node);
    await pauseReplay();
    try {
      const unseen = await newContent(node.database, 'written after the replica came back');
      expect(await shows(node, unseen)).toBe(false);
    } finally {
      await resumeReplay();
    }
  });

  it('never takes a primary for a replica, not even one whose crash recovery left a replay position', async () => {
    await primary.stop('immediate');
    await primary.start();
    const probe = new pg.Client({ connectionString: primaryUrl });
    await probe.connect();
    const { rows } = await probe.query('select pg_last_wal_replay_lsn()::text as lsn');
    await probe.end();
    // The trap: a primary after crash recovery still reports where the recovery ended.
    expect(rows[0]?.lsn).toMatch(/^[0-9A-F]+\/[0-9A-F]+$/);
    const said: string[] = [];
    const database = await openDatabase({
      databaseUrl: primaryUrl,
      readUrl: primaryUrl,
      log: {
        warn: (_details, message) => said.push(message),
        info: (_details, message) => said.push(message),
      },
    });
    try {
      await until('the router has read the server', () => said.length > 0);
      await sleep(500);
      expect(database.replica?.serves(null)).toBe(false);
      // The operator is told why, once; it never claims to serve.
      expect(said).toEqual([
        'read replica not replaying (DATABASE_READ_URL is no streaming replica): reads go to the primary',
      ]);
    } finally {
      await database.close();
    }
  });
});

import { LIVE_EVENTS_PATH } from '@h5/contract';
import { SIGN_INVALID } from '@h5/core';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRO_TEST_SETTINGS } from '../../../scripts/start-server.mjs';
import { type Database, openDatabase, rowsOf } from './db/client';
import { users } from './db/schema';
import { chinaDay } from './domains/live/rules';
import { liveSignature } from './domains/live/webhook';
import { type PgCluster, postgresBinDir, startPgCluster, TEST_SIGN_SECRET } from './test-utils';
import { type ClusterNode, killNode, spawnNode, waitForOk } from './test-utils/cluster';

/**
 * Issue 31 "Done when" (point 1): APP_ENV=pro, two server processes on one PostgreSQL. A signed
 * stream of a broadcast sent three times, to both nodes and at once, moves the host's daily tasks
 * and a fan's intimacy exactly as once; an unsigned and a stale call are refused and change nothing.
 */

const binDir = postgresBinDir();
if (!binDir && process.env.H5_REQUIRE_CLUSTER_TOOLS === '1')
  throw new Error('the cluster tests need PostgreSQL server binaries (.ci/run installs them)');
if (!binDir) console.warn('live-webhook.cluster.test.ts SKIPPED: needs PostgreSQL server binaries');
const describeCluster = binDir ? describe : describe.skip;

const SECRET = PRO_TEST_SETTINGS.LIVE_WEBHOOK_SECRET as string;
/** A seeded host who is not live at seeding (every 10th is): host 31, room 800031. */
const HOST_ID = 31;
const ROOM_ID = 800_031;

interface WebhookAnswer {
  code: number;
  msg: string;
  data: { results: Array<{ eventId: string; status: string }> } | null;
}

/** Posts a body to a node, signed (or with the headers given instead). */
async function post(origin: string, body: string, headers?: Record<string, string>) {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const response = await fetch(`${origin}${LIVE_EVENTS_PATH}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(headers ?? {
        'x-live-timestamp': timestamp,
        'x-live-signature': liveSignature(SECRET, timestamp, body),
      }),
    },
    body,
    signal: AbortSignal.timeout(30_000),
  });
  return { status: response.status, body: (await response.json()) as WebhookAnswer };
}

describeCluster('live platform webhook on two pro nodes, one PostgreSQL (issue 31 point 1)', () => {
  let cluster: PgCluster;
  let database: Database;
  let nodes: ClusterNode[] = [];
  const fans: number[] = [];

  beforeAll(async () => {
    cluster = await startPgCluster(binDir as string);
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query('CREATE DATABASE h5_live');
    await admin.end();
    const databaseUrl = cluster.url.replace(/\/postgres$/, '/h5_live');
    const env = {
      ...PRO_TEST_SETTINGS,
      DATABASE_URL: databaseUrl,
      APP_ENV: 'pro',
      API_BASE_URL: '',
      SIGN_SECRET: TEST_SIGN_SECRET,
      SEED: 'true',
      SHUTDOWN_GRACE_MS: '0',
    };
    nodes = await Promise.all([0, 1].map((i) => spawnNode(i, env)));
    await Promise.all(nodes.map((node) => waitForOk(`${node.baseUrl}/readyz`, node, 180_000)));
    database = await openDatabase({ databaseUrl });
    const made = await database.db
      .insert(users)
      .values(
        ['直播粉丝甲', '直播粉丝乙', '直播粉丝丙'].map((userName) => ({
          userName,
          avatar: '/cdn/seed/a.svg',
        })),
      )
      .returning({ id: users.id });
    fans.push(...made.map((u) => u.id));
  }, 240_000);

  afterAll(async () => {
    for (const node of nodes) killNode(node);
    await database?.close();
    await cluster?.destroy();
  });

  /** Today's daily task progress of the host and the fans' intimacy, and the host's experience. */
  async function figures() {
    const tasks = rowsOf<{ task_key: string; progress: number; rewarded: boolean }>(
      await database.db.execute(
        sql`select task_key, progress, rewarded from host_daily_task_progress where host_id = ${HOST_ID} and day = ${chinaDay()} order by task_key`,
      ),
    );
    const members = rowsOf<{ user_id: number; intimacy: number; fans_level: number }>(
      await database.db.execute(
        sql`select user_id, intimacy, fans_level from fans_group_members where group_id = ${HOST_ID} and user_id in (${sql.join(fans, sql`, `)}) order by user_id`,
      ),
    );
    const [host] = rowsOf<{ experience: number }>(
      await database.db.execute(sql`select experience from live_hosts where user_id = ${HOST_ID}`),
    );
    const [events] = rowsOf<{ n: number }>(
      await database.db.execute(
        sql`select count(*)::int as n from live_platform_events where stream_id = ${HOST_ID}`,
      ),
    );
    return { tasks, members, experience: host?.experience as number, events: events?.n };
  }

  it('a signed broadcast sent three times, to both nodes and at once, applies each event once', async () => {
    const [a, b, c] = fans as [number, number, number];
    const before = await figures();
    expect(before.tasks).toEqual([]);
    const t0 = Date.now() - 120_000;
    let n = 0;
    const ev = (type: string, rest: Record<string, unknown> = {}) => ({
      eventId: `cluster-${t0}-${n}`,
      roomId: ROOM_ID,
      type,
      at: t0 + n * 100,
      seq: n++,
      ...rest,
    });
    const batches = [
      [
        ev('stream_started'),
        ev('fans_group_joined', { userId: a }),
        ev('fans_group_joined', { userId: b }),
        ev('fans_group_joined', { userId: c }),
        ev('light', { userId: a, units: 10 }),
        ev('comment', { userId: a, units: 1 }),
      ],
      [
        ev('watch_minutes', { userId: a, units: 5 }),
        ev('light', { userId: b, units: 30 }),
        ev('light', { userId: a, units: 10 }),
        ev('comment', { userId: a, units: 2 }),
        ev('watch_minutes', { userId: a, units: 10 }),
        ev('watch_minutes', { userId: c, units: 45 }),
      ],
    ];
    const bodies = batches.map((events) => JSON.stringify({ events }));
    // Three copies at once, each copy's batches in order: copy k sends batch i to node (k + i) mod 2.
    const copies = await Promise.all(
      [0, 1, 2].map(async (copy) => {
        const answers = [];
        for (const [i, body] of bodies.entries())
          answers.push(await post((nodes[(copy + i) % 2] as ClusterNode).baseUrl, body));
        return answers;
      }),
    );
    const statuses = new Map<string, string[]>();
    for (const answers of copies)
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        for (const r of answer.body.data?.results ?? [])
          statuses.set(r.eventId, [...(statuses.get(r.eventId) ?? []), r.status]);
      }
    expect(statuses.size).toBe(12);
    for (const [, seen] of statuses) expect(seen.sort()).toEqual(['applied', 'duplicate', 'duplicate']);

    const after = await figures();
    // Host: watch 5 + 10 + 45 = 60 of 60 (+30), light 10 + 30 + 10 = 50 of 50 (+20), comment 3,
    // join 3 of 3 (+30): 80 experience.
    expect(after.tasks).toEqual([
      { task_key: 'comment', progress: 3, rewarded: false },
      { task_key: 'join', progress: 3, rewarded: true },
      { task_key: 'light', progress: 50, rewarded: true },
      { task_key: 'watch', progress: 60, rewarded: true },
    ]);
    expect(after.experience - before.experience).toBe(80);
    // Fan A: 20 lights + 3 comments × 2 + 15 minutes = 41 (level 2); B: 30 (level 2); C: 45 (level 2).
    expect(after.members).toEqual([
      { user_id: a, intimacy: 41, fans_level: 2 },
      { user_id: b, intimacy: 30, fans_level: 2 },
      { user_id: c, intimacy: 45, fans_level: 2 },
    ]);
    expect(after.events).toBe(12);
  }, 120_000);

  it('a burst of joins and lights of 25 fans, to both nodes at once, keeps the group counters a recount (issue 33 point 2)', async () => {
    const burst = await database.db
      .insert(users)
      .values(
        Array.from({ length: 25 }, (_, i) => ({ userName: `并发直播粉丝${i}`, avatar: '/cdn/seed/a.svg' })),
      )
      .returning({ id: users.id });
    const t0 = Date.now() - 60_000;
    // Per fan: a join then two lights (one batch, in order); every batch sent twice, once to each
    // node, and all 50 posts at once.
    const bodies = burst.map(({ id }, i) =>
      JSON.stringify({
        events: [
          {
            eventId: `burst-${t0}-${id}-j`,
            roomId: ROOM_ID,
            type: 'fans_group_joined',
            userId: id,
            at: t0 + i,
          },
          {
            eventId: `burst-${t0}-${id}-l1`,
            roomId: ROOM_ID,
            type: 'light',
            userId: id,
            units: 1 + (i % 3),
            at: t0 + i + 1,
          },
          {
            eventId: `burst-${t0}-${id}-l2`,
            roomId: ROOM_ID,
            type: 'light',
            userId: id,
            units: 2,
            at: t0 + i + 2,
          },
        ],
      }),
    );
    const answers = await Promise.all(
      bodies.flatMap((body) => nodes.map((node) => post(node.baseUrl, body))),
    );
    for (const answer of answers) expect(answer.status).toBe(200);
    const differ = async (counted: ReturnType<typeof sql>, kept: ReturnType<typeof sql>) =>
      rowsOf(
        await database.db.execute(
          sql`(${counted} except all ${kept}) union all (select * from (${kept} except all ${counted}) extra)`,
        ),
      );
    const mismatch = [
      ...(await differ(
        sql`select g.id, (select count(*) from fans_group_members m where m.group_id = g.id)::integer from fans_groups g`,
        sql`select id, member_count from fans_groups`,
      )),
      ...(await differ(
        sql`select group_id, intimacy, count(*)::integer from fans_group_members group by 1, 2`,
        sql`select group_id, intimacy, members from fans_group_intimacy_counts where members <> 0`,
      )),
      ...(await differ(
        sql`select group_id, day::text, points, count(*)::integer from fans_intimacy_days group by 1, 2, 3`,
        sql`select group_id, day::text, points, members from fans_intimacy_day_counts where members <> 0`,
      )),
    ];
    expect(mismatch).toEqual([]);
    const [group] = rowsOf<{ member_count: number; members: number }>(
      await database.db.execute(sql`select member_count, (select count(*)::integer from fans_group_members
        where group_id = ${HOST_ID}) as members from fans_groups where id = ${HOST_ID}`),
    );
    expect(group?.member_count).toBe(group?.members);
    const [joined] = rowsOf<{ n: number; points: number }>(
      await database.db.execute(sql`select count(*)::integer as n, sum(intimacy)::integer as points from fans_group_members
        where group_id = ${HOST_ID} and user_id in (${sql.join(
          burst.map((u) => u.id),
          sql`, `,
        )})`),
    );
    // Each fan joined once and lit 1 + i % 3 and 2 once: 25 × 3 + 8 × (0 + 1 + 2).
    expect(joined).toEqual({ n: 25, points: 99 });
  }, 120_000);

  it('an unsigned and a stale call are refused (401) and change nothing', async () => {
    const before = await figures();
    const body = JSON.stringify({
      events: [
        {
          eventId: `cluster-forged-${Date.now()}`,
          roomId: ROOM_ID,
          type: 'light',
          userId: fans[0],
          units: 100,
          at: Date.now(),
        },
      ],
    });
    const [n0, n1] = nodes as [ClusterNode, ClusterNode];
    const unsigned = await post(n0.baseUrl, body, {});
    expect(unsigned.status).toBe(401);
    expect(unsigned.body).toEqual({
      code: SIGN_INVALID,
      msg: '缺少直播平台签名：须带 x-live-timestamp 与 x-live-signature 请求头',
      data: null,
    });
    const stale = String(Math.floor(Date.now() / 1000) - 600);
    const old = await post(n1.baseUrl, body, {
      'x-live-timestamp': stale,
      'x-live-signature': liveSignature(SECRET, stale, body),
    });
    expect(old.status).toBe(401);
    expect(old.body.msg).toBe('请求时间与服务器时间相差超过 5 分钟，已拒绝（重放或时钟不准）');
    expect(await figures()).toEqual(before);
  }, 60_000);
});

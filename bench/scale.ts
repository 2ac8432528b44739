// `npm run bench -- scale` (issue 19 point 5, issue 33 point 2, DESIGN.md §8): the hot reads at 1×
// and at 100× the default data (BENCH_SCALE_FACTOR), as same-run ratios. Two databases are built
// next to BENCH_DATABASE_URL's (the seed, then its rows multiplied through COPY:
// bench/scale-data.ts), a server runs on each, and every read is measured through HTTP as a
// logged-in user (no visitor cache), the two servers asked in turn by the same clients; each
// figure is the median over rounds of (latency at 1×) / (latency at 100×), per call: what the
// 100× server does in the time the 1× does one, like a ratio of requests/s.
import { contract, type Endpoint, type RequestOf } from '@h5/contract';
import { SUCCESS } from '@h5/core';
import { buildRequest, type WireRequest } from '@h5/request';
import pg from 'pg';
import { encodeCursor, encodeRankCursor } from '../apps/server/src/db/cursor';
import { FOLLOW_BOOST } from '../apps/server/src/domains/content/queries';
import { startServer } from '../scripts/start-server.mjs';
import { dropDatabase, freshDatabase } from './database';
import { median, type PairTarget, pairedLatencies } from './load';
import { loginThroughApi, type Session, sessionHeaders } from './logged-in';
import {
  type BuildSeconds,
  buildScaleDatabase,
  GROWING_TABLES,
  type ScaleCast,
  type ScaleCounts,
} from './scale-data';

export interface Row {
  figure: string;
  value: string;
  budget: string;
}

/** The big data set, in multiples of the seed: BENCH_SCALE_FACTOR, 100 unless set (issue 33 point 2). */
export const SCALE_FACTOR = Number(process.env.BENCH_SCALE_FACTOR ?? 100);
/**
 * Rounds of paired latencies: both servers are asked in turn by the same two clients, so a burst
 * of someone else's work on this shared two-core machine slows both alike; the median of the
 * rounds' ratios leaves out a round that still caught one.
 */
const ROUNDS = Number(process.env.BENCH_SCALE_ROUNDS ?? 5);
const CONCURRENCY = 2;
const DURATION_MS = 2000;
const WARMUP_MS = 300;
/** Where a deep page starts: nine tenths down the list. */
const DEEP = 0.9;
const PAGE = 20;
/** The contents whose details are read, in turn (all in the seed, so at both scales). */
const DETAIL_IDS = [3, 5, 250, 777, 1024, 1500, 1888, 1999];

type Who = 'reader' | 'creator' | 'member' | 'host';
type Tokens = Session;

/** One side of the comparison: a server on one database, its users logged in. */
interface Side {
  factor: number;
  databaseUrl: string;
  baseURL: string;
  client: pg.Client;
  cast: ScaleCast & { host: { userId: number; phone: string } };
  tokens: Record<Who, Tokens>;
  counts: ScaleCounts;
  seconds: BuildSeconds;
  stop: () => Promise<void>;
}

/** A hot read: who asks, and the calls (one or a few in turn) it is measured on, per side. */
interface HotRead {
  name: string;
  who: Who;
  calls: (side: Side) => Promise<Array<{ endpoint: Endpoint; input: Record<string, unknown> }>>;
  /** What a correct answer looks like, checked once per side before measuring. */
  check: (data: Record<string, unknown>) => boolean;
}

const fullPage = (data: Record<string, unknown>) =>
  Array.isArray(data.list) && data.list.length === PAGE && data.hasMore === true;

async function one<T>(client: pg.Client, text: string, values: unknown[]): Promise<T> {
  const [row] = (await client.query(text, values)).rows as T[];
  if (row === undefined) throw new Error(`no row: ${text}`);
  return row;
}

/**
 * The offset of the row before a deep page of a list of `count` rows (the cursor after it starts
 * the page): nine tenths down, or the last page that is full and has one more row after it.
 */
const deepOffset = (count: number) => Math.min(Math.floor(count * DEEP), count - PAGE - 1) - 1;

const HOT_READS: HotRead[] = [
  {
    name: 'feed API, first page',
    who: 'reader',
    calls: async () => [{ endpoint: contract.content.moreRecommend, input: { limit: PAGE } }],
    check: fullPage,
  },
  {
    name: 'feed API, deep page (9/10 down)',
    who: 'reader',
    calls: async ({ client, cast }) => {
      // The reader's order: followed authors raised by the boost, as the server ranks them.
      const row = await one<{ id: number; rank: number }>(
        client,
        `select id, rank from (
           select c.id, c.hot_score + (case when exists (select 1 from follows f where f.follower_id = $1
             and f.followee_id = c.author_id) then $2 else 0 end)::double precision as rank from contents c
         ) t order by rank desc, id desc offset $3 limit 1`,
        [cast.reader.userId, FOLLOW_BOOST, deepOffset(await count(client, 'select count(*) from contents'))],
      );
      const lastId = encodeRankCursor({ rank: row.rank, id: row.id });
      return [{ endpoint: contract.content.moreRecommend, input: { limit: PAGE, lastId } }];
    },
    check: fullPage,
  },
  {
    name: '关注 feed API, first page',
    who: 'reader',
    calls: async () => [{ endpoint: contract.content.followingFeed, input: { limit: PAGE } }],
    check: fullPage,
  },
  {
    name: '关注 feed API, deep page',
    who: 'reader',
    calls: async ({ client, cast }) => [
      {
        endpoint: contract.content.followingFeed,
        input: {
          limit: PAGE,
          lastId: await deepNewest(
            client,
            'author_id in (select followee_id from follows where follower_id = $1)',
            cast.reader.userId,
          ),
        },
      },
    ],
    check: fullPage,
  },
  {
    name: 'hot videos API, first page',
    who: 'reader',
    calls: async () => [{ endpoint: contract.content.hotVideoList, input: { limit: PAGE } }],
    check: fullPage,
  },
  {
    name: 'content detail',
    who: 'reader',
    calls: async () =>
      DETAIL_IDS.map((contentId) => ({ endpoint: contract.content.contentDetail, input: { contentId } })),
    check: (data) => typeof data.contentId === 'number',
  },
  {
    name: 'reply list of the long thread, first page',
    who: 'reader',
    calls: async ({ cast }) => [
      { endpoint: contract.community.replyList, input: { contentId: cast.threadContentId, limit: PAGE } },
    ],
    check: fullPage,
  },
  {
    name: 'reply list of the long thread, deep page',
    who: 'reader',
    calls: async ({ client, cast }) => {
      const top = 'from replies where content_id = $1 and parent_id is null';
      const total = await count(client, `select count(*) ${top}`, [cast.threadContentId]);
      const row = await one<{ created_at: Date; id: number }>(
        client,
        `select created_at, id ${top} order by created_at desc, id desc offset $2 limit 1`,
        [cast.threadContentId, deepOffset(total)],
      );
      const lastId = encodeCursor({ createdAtMs: row.created_at.getTime(), id: row.id });
      return [
        {
          endpoint: contract.community.replyList,
          input: { contentId: cast.threadContentId, limit: PAGE, lastId },
        },
      ];
    },
    check: fullPage,
  },
  {
    name: "user home, the demo creator's profile",
    who: 'reader',
    calls: async ({ cast }) => [
      { endpoint: contract.community.uhomepageProfile, input: { userId: cast.creator.userId } },
    ],
    check: (data) => typeof data.followerCount === 'number' && typeof data.contentCount === 'number',
  },
  {
    name: "user home, the demo creator's contents, first page",
    who: 'reader',
    calls: async ({ cast }) => [
      { endpoint: contract.community.uhomepageContents, input: { userId: cast.creator.userId, limit: PAGE } },
    ],
    check: fullPage,
  },
  {
    name: "user home, the demo creator's contents, deep page",
    who: 'reader',
    calls: async ({ client, cast }) => [
      {
        endpoint: contract.community.uhomepageContents,
        input: {
          userId: cast.creator.userId,
          limit: PAGE,
          lastId: await deepNewest(client, 'author_id = $1', cast.creator.userId),
        },
      },
    ],
    check: fullPage,
  },
  ...([7, 90] as const).map(
    (period): HotRead => ({
      name: `data centre summary, ${period} days (the demo creator)`,
      who: 'creator',
      calls: async () => [{ endpoint: contract.creator.dataCenterSummery, input: { period } }],
      check: (data) => typeof (data.views as { value?: unknown })?.value === 'number',
    }),
  ),
  {
    name: 'data centre content list, 30 days by views, first page',
    who: 'creator',
    calls: async () => [
      { endpoint: contract.creator.dataCenterContentList, input: { period: 30, sort: 'views', limit: PAGE } },
    ],
    check: fullPage,
  },
  {
    name: "data centre, one content's days, 90 days",
    who: 'creator',
    calls: async ({ client, cast }) => {
      // The demo creator's most viewed content of the seed: the same content at every factor.
      const { id } = await one<{ id: number }>(
        client,
        `select c.id from contents c join analytics_events e on e.content_id = c.id
         where c.author_id = $1 and c.id <= $2 group by c.id order by count(*) desc, c.id limit 1`,
        [cast.creator.userId, Math.max(...DETAIL_IDS)],
      );
      return [{ endpoint: contract.creator.dataCenterContentDetail, input: { contentId: id, period: 90 } }];
    },
    check: (data) => Array.isArray(data.days) && data.days.length === 90,
  },
  {
    name: 'data centre fans portrait',
    who: 'creator',
    calls: async () => [{ endpoint: contract.creator.dataCenterFansPortrait, input: {} }],
    check: (data) => Array.isArray(data.activeHours) && Number(data.total) > 0,
  },
  {
    name: 'fans-group ranks, first page + my rank (a member 9/10 down)',
    who: 'member',
    calls: async ({ cast }) => [
      {
        endpoint: contract.live.audienceRankList,
        input: { streamId: cast.member.streamId, period: 'all', limit: PAGE },
      },
    ],
    check: (data) => fullPage(data) && data.mine !== null,
  },
  {
    name: 'fans-group ranks, deep page + my rank',
    who: 'member',
    calls: async (side) => [
      {
        endpoint: contract.live.audienceRankList,
        input: {
          streamId: side.cast.member.streamId,
          period: 'all',
          limit: PAGE,
          lastId: await deepRank(side),
        },
      },
    ],
    check: (data) => fullPage(data) && data.mine !== null,
  },
  {
    name: "fans-group ranks, the host's deep page + member count",
    who: 'host',
    calls: async (side) => [
      { endpoint: contract.live.kolRankList, input: { limit: PAGE, lastId: await deepRank(side) } },
    ],
    check: (data) => fullPage(data) && typeof data.memberCount === 'number',
  },
  // Search (issue 32 point 2): a 2-character word many titles hold (the copies hold it too, so
  // 100× data is 100× the matches to rank), a user's nickname, and the suggestions while typing.
  {
    name: 'search API, contents 复古, first page',
    who: 'reader',
    calls: async () => [
      { endpoint: contract.search.searchContents, input: { keyword: '复古', limit: PAGE } },
    ],
    check: fullPage,
  },
  {
    name: 'search API, users 鞋 (one character), first page',
    who: 'reader',
    calls: async () => [{ endpoint: contract.search.searchUsers, input: { keyword: '鞋', limit: PAGE } }],
    check: (data) => Array.isArray(data.list) && data.list.length > 0,
  },
  {
    name: 'search suggestions 复古',
    who: 'reader',
    calls: async () => [{ endpoint: contract.search.searchSuggest, input: { keyword: '复古' } }],
    check: (data) => Array.isArray(data.list) && data.list.length > 0,
  },
  // 消息 (issue 32 point 3): the demo creator is told of every light, reply and follow they get.
  {
    name: '消息 unread counts (the demo creator)',
    who: 'creator',
    calls: async () => [{ endpoint: contract.message.unreadCounts, input: {} }],
    check: (data) => Number(data.total) > 0,
  },
  {
    name: '消息 list, lights, first page (the demo creator)',
    who: 'creator',
    calls: async () => [{ endpoint: contract.message.list, input: { kind: 'light', limit: PAGE } }],
    check: fullPage,
  },
];

/**
 * `BENCH_SCALE_READS=search` measures only the reads whose name holds one of its comma-separated
 * words (one figure without the whole section's minutes); every read otherwise.
 */
const onlyReads = (process.env.BENCH_SCALE_READS ?? '')
  .split(',')
  .map((word) => word.trim())
  .filter(Boolean);
const measured = (read: HotRead) =>
  onlyReads.length === 0 || onlyReads.some((word) => read.name.includes(word));

async function count(client: pg.Client, text: string, values: unknown[] = []): Promise<number> {
  return Number((await one<{ count: string }>(client, text, values)).count);
}

/** The cursor nine tenths down the member's group rank. */
async function deepRank({ client, cast }: Side): Promise<string> {
  const group = 'from fans_group_members where group_id = (select id from fans_groups where host_id = $1)';
  const total = await count(client, `select count(*) ${group}`, [cast.host.userId]);
  const row = await one<{ intimacy: number; user_id: number }>(
    client,
    `select intimacy, user_id ${group} order by intimacy desc, user_id desc offset $2 limit 1`,
    [cast.host.userId, deepOffset(total)],
  );
  return encodeRankCursor({ rank: row.intimacy, id: row.user_id });
}

/**
 * The cursor nine tenths down a newest-first list of contents (`where`, with the one parameter
 * $1), as the server's time keyset pages them.
 */
async function deepNewest(client: pg.Client, where: string, param: number): Promise<string> {
  const total = await count(client, `select count(*) from contents where ${where}`, [param]);
  const row = await one<{ created_at: Date; id: number }>(
    client,
    `select created_at, id from contents where ${where} order by created_at desc, id desc offset $2 limit 1`,
    [param, deepOffset(total)],
  );
  return encodeCursor({ createdAtMs: row.created_at.getTime(), id: row.id });
}

async function openSide(databaseUrl: string, factor: number, signSecret: string): Promise<Side> {
  const { cast, counts, seconds } = await buildScaleDatabase(databaseUrl, factor);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  // The host of the member's group logs in too (the host's own rank list).
  const hostRow = await one<{ host_id: number }>(client, 'select host_id from live_streams where id = $1', [
    cast.member.streamId,
  ]);
  const host = { userId: hostRow.host_id, phone: '13900000003' };
  await client.query('update users set phone = $1 where id = $2', [host.phone, host.userId]);
  const server = await startServer({
    DATABASE_URL: databaseUrl,
    SIGN_SECRET: signSecret,
    LOG_LEVEL: 'error',
    // Four logins from one address: more login codes than the default limit of three. The data
    // centre's calls are POSTs, which the risk check counts as writes: thousands a second here.
    RISK_LOGIN_CODE_LIMIT: '10',
    RISK_WRITE_LIMIT: '1000000',
  });
  const tokens = {} as Record<Who, Tokens>;
  const fullCast = { ...cast, host };
  for (const who of ['reader', 'creator', 'member', 'host'] as const)
    tokens[who] = await loginThroughApi(server.baseURL, signSecret, fullCast[who].phone);
  return {
    factor,
    databaseUrl,
    baseURL: server.baseURL,
    client,
    cast: fullCast,
    tokens,
    counts,
    seconds,
    stop: async () => {
      await server.stop();
      await client.end();
    },
  };
}

/** The wire requests of a read on one side, each checked once against a real answer. */
async function requestsOf(read: HotRead, side: Side, signSecret: string) {
  const tokens = side.tokens[read.who];
  const auth = sessionHeaders(tokens);
  const requests: WireRequest[] = [];
  for (const { endpoint, input } of await read.calls(side)) {
    const wire = buildRequest(endpoint, input as RequestOf<typeof endpoint>, signSecret);
    const headers = { ...wire.headers, ...auth };
    const res = await fetch(`${side.baseURL}${wire.url}`, {
      method: wire.method,
      headers,
      ...(wire.body === undefined ? {} : { body: wire.body }),
    });
    const body = (await res.json()) as { code: number; data: Record<string, unknown> };
    if (body.code !== SUCCESS || !read.check(body.data))
      throw new Error(
        `${read.name} at ${side.factor}×: unexpected answer ${JSON.stringify(body).slice(0, 300)}`,
      );
    requests.push({ ...wire, headers });
  }
  return requests;
}

/** One side's requests (in turn) as a target of {@link pairedLatencies}. */
function target(side: Side, requests: WireRequest[]): PairTarget {
  let i = 0;
  const first = requests[0] as WireRequest;
  return {
    nextUrl: () => `${side.baseURL}${(requests[i++ % requests.length] as WireRequest).url}`,
    headers: first.headers,
    method: first.method === 'POST' ? 'POST' : 'GET',
    ...(first.body === undefined ? {} : { body: first.body }),
  };
}

/** auto_explain's settings for the EXPLAIN pass: every statement's plan, with its buffers. */
const AUTO_EXPLAIN = {
  session_preload_libraries: 'auto_explain',
  'auto_explain.log_min_duration': '0',
  'auto_explain.log_analyze': 'on',
  'auto_explain.log_buffers': 'on',
} as const;

/**
 * BENCH_SCALE_EXPLAIN=1: after the figures, each read is sent twice more to a second server on
 * the big database whose sessions load auto_explain, so PostgreSQL's log holds
 * `EXPLAIN (ANALYZE, BUFFERS)` of every statement the server runs for it (the second, warm, is
 * the one docs/performance.md quotes), each read preceded by a logged `select 'bench explain: <read>'`.
 */
async function explainReads(side: Side, reads: HotRead[], signSecret: string): Promise<void> {
  const name = decodeURIComponent(new URL(side.databaseUrl).pathname.slice(1));
  for (const [key, value] of Object.entries(AUTO_EXPLAIN))
    await side.client.query(`alter database "${name}" set ${key} = '${value}'`);
  const server = await startServer({
    DATABASE_URL: side.databaseUrl,
    SIGN_SECRET: signSecret,
    LOG_LEVEL: 'error',
    RISK_WRITE_LIMIT: '1000000',
  });
  const marker = new pg.Client({ connectionString: side.databaseUrl });
  await marker.connect();
  try {
    for (const read of reads)
      for (let time = 0; time < 2; time++) {
        await marker.query(`select $bench$bench explain: ${read.name}$bench$`);
        await requestsOf(read, { ...side, baseURL: server.baseURL }, signSecret);
      }
  } finally {
    await marker.end();
    await server.stop();
    for (const key of Object.keys(AUTO_EXPLAIN))
      await side.client.query(`alter database "${name}" reset ${key}`);
  }
}

/**
 * The "cost as data grows" figures. Needs BENCH_DATABASE_URL (PostgreSQL) and the right to
 * create databases beside it: `<name>_scale1` and `<name>_scale<factor>` are made afresh and
 * dropped after (kept with BENCH_SCALE_KEEP=1, e.g. for EXPLAIN).
 */
export async function scaleFigures(adminUrl: string | undefined, signSecret: string): Promise<Row[]> {
  if (!adminUrl)
    return [
      {
        figure: `hot reads at ${SCALE_FACTOR}× data / 1×`,
        value: 'skipped: needs BENCH_DATABASE_URL',
        budget: '≥ 0.8',
      },
    ];
  const base = decodeURIComponent(new URL(adminUrl).pathname.slice(1));
  const names = [`${base}_scale1`, `${base}_scale${SCALE_FACTOR}`];
  const rows: Row[] = [];
  const sides: Side[] = [];
  try {
    for (const [i, factor] of [1, SCALE_FACTOR].entries()) {
      let url: string;
      try {
        url = await freshDatabase(adminUrl, names[i] as string);
      } catch (error) {
        // 42501: the role may not create databases.
        if ((error as { code?: string }).code !== '42501') throw error;
        const value = `skipped: ${new URL(adminUrl).username} may not create databases`;
        return [{ figure: `hot reads at ${SCALE_FACTOR}× data / 1×`, value, budget: '≥ 0.8' }];
      }
      sides.push(await openSide(url, factor, signSecret));
    }
    const [small, big] = sides as [Side, Side];
    for (const table of GROWING_TABLES)
      rows.push({
        figure: `  rows of ${table}, 1× → ${SCALE_FACTOR}×`,
        value: `${small.counts[table]} → ${big.counts[table]}`,
        budget: '',
      });
    const took = (side: Side) =>
      `${Object.values(side.seconds)
        .reduce((sum, s) => sum + s, 0)
        .toFixed(0)} s (${Object.entries(side.seconds)
        .map(([step, s]) => `${step} ${s.toFixed(0)}`)
        .join(', ')})`;
    rows.push({ figure: `  build of the ${SCALE_FACTOR}× database`, value: took(big), budget: '' });
    for (const read of HOT_READS.filter(measured)) {
      const [smallRequests, bigRequests] = [
        await requestsOf(read, small, signSecret),
        await requestsOf(read, big, signSecret),
      ];
      const ratios: number[] = [];
      const [smallMs, bigMs]: [number[], number[]] = [[], []];
      for (let round = 0; round < ROUNDS; round++) {
        const [atSmall, atBig] = await pairedLatencies(
          [target(small, smallRequests), target(big, bigRequests)],
          { concurrency: CONCURRENCY, durationMs: DURATION_MS, warmupMs: WARMUP_MS },
        );
        smallMs.push(median(atSmall));
        bigMs.push(median(atBig));
        ratios.push((smallMs.at(-1) as number) / (bigMs.at(-1) as number));
      }
      rows.push({
        figure: `${read.name}, ${SCALE_FACTOR}× / 1× (HTTP, PostgreSQL)`,
        value: `${median(ratios).toFixed(2)} (${median(bigMs).toFixed(2)} / ${median(smallMs).toFixed(2)} ms a call)`,
        budget: '≥ 0.8',
      });
    }
    if (process.env.BENCH_SCALE_EXPLAIN === '1') {
      // auto_explain needs a superuser to preload it: the figures stand without it.
      const value = await explainReads(big, HOT_READS.filter(measured), signSecret).then(
        () => "in PostgreSQL's log, after 'bench explain: <read>'",
        (error: Error) => `failed: ${error.message}`,
      );
      rows.push({
        figure: `  plans of every statement at ${SCALE_FACTOR}× (auto_explain)`,
        value,
        budget: '',
      });
    }
  } finally {
    for (const side of sides) await side.stop();
    if (process.env.BENCH_SCALE_KEEP !== '1') for (const name of names) await dropDatabase(adminUrl, name);
  }
  return rows;
}

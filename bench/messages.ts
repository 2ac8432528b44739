// `npm run bench -- messages` (issue 32 point 3): the cost of the unread-count statement the feed
// header and the 消息 page read, at 1× and 10× data. Two PostgreSQL databases beside
// BENCH_DATABASE_URL's, migrated, filled from series (users, each with read and unread messages;
// the reader's history grows with the data, their unread ones do not), then the server's own
// statement (unreadCountsQuery) timed through a pool like the server's, and EXPLAINed.
import { openDatabase } from '../apps/server/src/db/client';
import { migrate } from '../apps/server/src/db/migrate';
import { unreadCountsQuery } from '../apps/server/src/domains/message/queries';
import { dropDatabase, freshDatabase } from './database';
import { median } from './load';
import type { Row } from './scale';

const FACTOR = 10;
/** Users per unit of scale, each with this many messages, this many of them unread. */
const USERS = 2000;
const MESSAGES_EACH = 40;
const UNREAD_EACH = 4;
/** The reader's own: their kept messages grow with the data; what they have not read yet does not. */
const READER_MESSAGES = 400;
const READER_UNREAD = 30;
const ROUNDS = 5;
const CALLS = 400;

type Db = Awaited<ReturnType<typeof openDatabase>>;

/** Fills a migrated database at `factor`; the reader's user id. */
async function fill(database: Db, factor: number): Promise<number> {
  const run = (text: string) => database.db.execute(text as never);
  const users = USERS * factor;
  await run(`insert into users (user_name, avatar)
    select 'bench-' || n, '/cdn/seed/avatar-test.svg' from generate_series(1, ${users + 1}) as n`);
  const reader = users + 1;
  const kinds = `(array['reply','light','follow','system'])[1 + n % 4]`;
  // Everyone's messages: the first UNREAD_EACH of each user unread, the rest read.
  await run(`insert into notifications (recipient_id, kind, actor_id, dedupe_key, created_at, read_at)
    select u, ${kinds}, 1 + (u + n) % ${users}, 'bench:' || n, now() - n * interval '1 minute',
      case when n <= ${UNREAD_EACH} then null else now() end
    from generate_series(1, ${users}) as u, generate_series(1, ${MESSAGES_EACH}) as n`);
  await run(`insert into notifications (recipient_id, kind, actor_id, dedupe_key, created_at, read_at)
    select ${reader}, ${kinds}, 1 + n % ${users}, 'bench:' || n, now() - n * interval '1 minute',
      case when n <= ${READER_UNREAD} then null else now() end
    from generate_series(1, ${READER_MESSAGES * factor}) as n`);
  await run('vacuum analyze notifications');
  return reader;
}

/** Median milliseconds a call of the unread counts over rounds of {@link CALLS} calls, and its plan. */
async function measure(database: Db, reader: number) {
  const query = () => unreadCountsQuery(database.db, reader);
  const first = await query();
  if (first[0]?.total !== READER_UNREAD) throw new Error(`unread counts read ${first[0]?.total}`);
  for (let i = 0; i < 100; i++) await query();
  const rounds: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const started = process.hrtime.bigint();
    for (let i = 0; i < CALLS; i++) await query();
    rounds.push(Number(process.hrtime.bigint() - started) / 1e6 / CALLS);
  }
  const { sql, params } = query().toSQL();
  // The server's pool (node-postgres) answers the EXPLAIN with the statement's own parameters.
  const pool = (database.db as unknown as { $client: PlanPool }).$client;
  const explained = await pool.query(`explain (analyze, buffers, format json) ${sql}`, params);
  const [plan] = explained.rows[0]?.['QUERY PLAN'] ?? [];
  if (!plan) throw new Error('no plan');
  const scan = scanOf(plan.Plan);
  const blocks = (scan['Shared Hit Blocks'] ?? 0) + (scan['Shared Read Blocks'] ?? 0);
  return {
    ms: median(rounds),
    scan: `${scan['Node Type']} using ${scan['Index Name'] ?? '—'}, ${scan['Actual Rows']} rows, ${blocks} blocks`,
    executionMs: plan['Execution Time'],
  };
}

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
}
interface PlanPool {
  query(
    text: string,
    values: unknown[],
  ): Promise<{ rows: Array<{ 'QUERY PLAN': Array<{ Plan: PlanNode; 'Execution Time': number }> }> }>;
}

/** The scan under the aggregate. */
const scanOf = (node: PlanNode): PlanNode => (node.Plans?.[0] ? scanOf(node.Plans[0]) : node);

/** The unread-count figures: per side the time a call and the plan, and the 10× / 1× ratio. */
export async function messageFigures(adminUrl: string | undefined): Promise<Row[]> {
  if (!adminUrl)
    return [
      {
        figure: 'unread counts at 10× data / 1×',
        value: 'skipped: needs BENCH_DATABASE_URL',
        budget: '≥ 0.8',
      },
    ];
  const rows: Row[] = [];
  const results: number[] = [];
  for (const factor of [1, FACTOR]) {
    const name = `h5_bench_messages_${factor}x`;
    const url = await freshDatabase(adminUrl, name);
    const database = await openDatabase({ databaseUrl: url });
    try {
      await migrate(database);
      const reader = await fill(database, factor);
      const figure = await measure(database, reader);
      results.push(figure.ms);
      const total = USERS * factor * MESSAGES_EACH + READER_MESSAGES * factor;
      rows.push({
        figure: `unread counts, one statement (${factor}×: ${total} messages)`,
        value: `${(figure.ms * 1000).toFixed(0)} µs a call; ${figure.scan}; execution ${figure.executionMs.toFixed(3)} ms`,
        budget: '≤ 1 ms a call',
      });
    } finally {
      await database.close();
      await dropDatabase(adminUrl, name);
    }
  }
  const [small, big] = results as [number, number];
  rows.push({
    figure: 'unread counts at 10× data / 1× (calls per second)',
    value: `${(small / big).toFixed(2)}`,
    budget: '≥ 0.8',
  });
  return rows;
}

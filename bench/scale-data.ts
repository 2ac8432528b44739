// The data of the bench's "cost as data grows" section (issue 19 point 5, issue 33 point 2): the
// default seed, then that seed's rows multiplied to `factor` times and streamed in with
// `COPY ... FROM STDIN`, plus one long comment thread whose length grows with the factor, then
// the messages all of it would have written. Nothing is pasted: every row is a seed row copied,
// one made from a counter, or derived from those.

import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { openDatabase } from '../apps/server/src/db/client';
import { migrate } from '../apps/server/src/db/migrate';
import { seedIfEmpty } from '../apps/server/src/db/seed';
import { HISTORY_CREATORS } from '../apps/server/src/db/seed/creator-history-seed';
import { DEMO_CREATOR_ID } from '../apps/server/src/db/seed/creator-portrait';

/** Replies of the long thread per unit of scale: two thirds top-level, one third answers. */
export const LONG_THREAD_REPLIES = 2000;
/** Minutes between copies of a content: the seed's contents are ~2 h apart, so copies interleave. */
const COPY_SHIFT_MINUTES = 13;

/** Who the bench reads as, in the databases {@link buildScaleDatabase} makes. */
export interface ScaleCast {
  /** The reader following the most creators, given this phone: the feed, details and replies. */
  reader: { userId: number; phone: string };
  /** The demo creator (the seed's phone): the data centre. */
  creator: { userId: number; phone: string };
  /** A member of the biggest fans group at nine tenths of its rank, given this phone. */
  member: { userId: number; phone: string; streamId: number };
  /** The content carrying the long thread. */
  threadContentId: number;
}

/** Row counts of the tables that grow, to print beside the figures. */
export type ScaleCounts = Record<string, number>;

type Client = pg.ClientBase;

/** An integer of the bench's own, written into a statement (never anything else). */
function int(n: number): string {
  if (!Number.isSafeInteger(n)) throw new Error(`not an integer: ${n}`);
  return String(n);
}

async function one<T>(client: Client, text: string): Promise<T> {
  const [row] = (await client.query(text)).rows as T[];
  if (row === undefined) throw new Error(`no row: ${text}`);
  return row;
}

/** A seed row as COPY's text format gives it: its fields, escaped, `\N` for null. */
type Fields = string[];

/**
 * One table's copies: the seed rows `select` reads (one field per column of `columns`, plus
 * helpers after them), and what copy k of a row becomes.
 */
interface CopyPlan {
  table: string;
  columns: string;
  select: string;
  copy: (fields: Fields, k: number) => Fields;
}

const NULL = '\\N';
/** `field` + `by`, a null left null. */
const plus = (field: string, by: number) => (field === NULL ? NULL : String(Number(field) + by));
/** Row `f` with each field `[i, by]` of `ids` moved by k times `by` (copy k's ids). */
export function shiftIds(f: Fields, k: number, ids: ReadonlyArray<readonly [number, number]>): Fields {
  for (const [i, by] of ids) f[i] = plus(f[i] as string, k * by);
  return f;
}
/** An instant read as epoch milliseconds, `minutes` later, as COPY accepts it. */
export const later = (ms: string, minutes: number) => new Date(Number(ms) + minutes * 60_000).toISOString();
/** Epoch milliseconds of a timestamp column, so copies can shift it without parsing dates. */
const epochMs = (column: string) => `(extract(epoch from ${column}) * 1000)::bigint`;
/** Where an analytics payload names its content; the copy writes the copied content's id there. */
const CONTENT_TOKEN = '@@content@@';
/** Lines sent to COPY in one chunk. */
const CHUNK_LINES = 2000;

/** The seed rows of `select` in COPY's text format, split into fields. */
async function seedRows(client: Client, select: string): Promise<Fields[]> {
  const chunks: Buffer[] = [];
  await pipeline(
    client.query(copyTo(`copy (${select}) to stdout`)),
    async (source: AsyncIterable<Buffer>) => {
      for await (const chunk of source) chunks.push(chunk);
    },
  );
  const text = Buffer.concat(chunks).toString('utf8');
  return text === ''
    ? []
    : text
        .slice(0, -1)
        .split('\n')
        .map((line) => line.split('\t'));
}

/** Streams `lines` into `copy <table> (<columns>) from stdin`; the rows stored. */
async function copyIn(
  client: Client,
  table: string,
  columns: string,
  lines: Iterable<string>,
): Promise<number> {
  const sink = client.query(copyFrom(`copy ${table} (${columns}) from stdin`));
  function* chunks() {
    let batch: string[] = [];
    for (const line of lines) {
      batch.push(line);
      if (batch.length === CHUNK_LINES) {
        yield `${batch.join('\n')}\n`;
        batch = [];
      }
    }
    if (batch.length > 0) yield `${batch.join('\n')}\n`;
  }
  await pipeline(Readable.from(chunks()), sink);
  return sink.rowCount;
}

/** Copy 1 … `factor - 1` of each of `rows`, the first `width` fields of each as one COPY line. */
export function* copies(
  rows: Fields[],
  factor: number,
  width: number,
  copy: CopyPlan['copy'],
): Generator<string> {
  for (let k = 1; k < factor; k++)
    for (const row of rows)
      yield copy([...row], k)
        .slice(0, width)
        .join('\t');
}

/**
 * Copies every seeded user, content, reply, light, follow, analytics event and fans-group member
 * `factor - 1` times, streamed with `COPY ... FROM STDIN` (issue 33 point 2: in bulk, not through
 * the API). Copy k of a row shifts its ids by k times the seed's largest: users and contents are
 * new people and posts, but the authors stay the seeded creators (each creator gets `factor`
 * times the contents, events, lights, comments and fans) and the fans groups stay the seeded
 * hosts' (each gets `factor` times the members). COPY fires the statement triggers as an INSERT
 * does, so `creator_daily_figures` counts the copies; the counters a content carries
 * (`light_count`, `reply_count`) are copied with the lights and replies they count.
 */
async function multiplySeed(client: Client, factor: number): Promise<void> {
  if (factor <= 1) return;
  const max = await one<{ u: number; c: number; r: number }>(
    client,
    'select (select max(id) from users) as u, (select max(id) from contents) as c, (select max(id) from replies) as r',
  );
  const [U, C, R] = [max.u, max.c, max.r];
  const shift = (k: number) => k * COPY_SHIFT_MINUTES;
  const plans: CopyPlan[] = [
    {
      table: 'users',
      columns: 'id, phone, user_name, avatar, is_creator, created_at, gender, birth_year, region',
      select: `select id, null, user_name, avatar, false, created_at, gender, birth_year, region from users where id <= ${int(U)}`,
      copy: (f, k) => shiftIds(f, k, [[0, U]]),
    },
    {
      table: 'contents',
      columns: `id, author_id, content_type, category, title, body, cover_url, cover_width, cover_height, images,
        video_url, video_duration, light_count, reply_count, created_at`,
      select: `select id, author_id, content_type, category, title, body, cover_url, cover_width, cover_height, images,
        video_url, video_duration, light_count, reply_count, ${epochMs('created_at')} from contents where id <= ${int(C)}`,
      copy: (f, k) => {
        f[14] = later(f[14] as string, shift(k));
        return shiftIds(f, k, [[0, C]]);
      },
    },
    {
      table: 'content_products',
      columns: 'content_id, spu_id',
      select: `select content_id, spu_id from content_products where content_id <= ${int(C)}`,
      copy: (f, k) => shiftIds(f, k, [[0, C]]),
    },
    {
      table: 'replies',
      columns: 'id, content_id, user_id, parent_id, reply_to_user_id, content, light_count, created_at',
      select: `select id, content_id, user_id, parent_id, reply_to_user_id, content, light_count, ${epochMs('created_at')}
        from replies where id <= ${int(R)}`,
      copy: (f, k) => {
        f[7] = later(f[7] as string, shift(k));
        return shiftIds(f, k, [
          [0, R],
          [1, C],
          [2, U],
          [3, R],
          [4, U],
        ]);
      },
    },
    {
      table: 'content_lights',
      columns: 'user_id, content_id, created_at',
      select: `select user_id, content_id, created_at from content_lights where user_id <= ${int(U)} and content_id <= ${int(C)}`,
      copy: (f, k) =>
        shiftIds(f, k, [
          [0, U],
          [1, C],
        ]),
    },
    {
      table: 'follows',
      columns: 'follower_id, followee_id, created_at',
      select: `select follower_id, followee_id, created_at from follows where follower_id <= ${int(U)} and followee_id <= ${int(U)}`,
      copy: (f, k) => shiftIds(f, k, [[0, U]]),
    },
    // Views and shares of the copied contents, by the copied viewers, at the same instants: the
    // payload names its content by a token the copy replaces (content_id is generated from it).
    {
      table: 'analytics_events',
      columns: `uuid, tracker, event, payload, occurred_at, received_at, expires_at, user_id, flow_type, anonymous_id,
        client_id, client_release`,
      select: `select uuid, tracker, event,
          case
            when content_id is null then payload
            when event = 'pageView' then jsonb_set(payload, '{path}', to_jsonb('/community/content/${CONTENT_TOKEN}'::text))
            else jsonb_set(payload, '{contentId}', to_jsonb('${CONTENT_TOKEN}'::text))
          end,
          occurred_at, received_at, expires_at, user_id, flow_type, anonymous_id, client_id, client_release, content_id
        from analytics_events`,
      copy: (f, k) => {
        f[0] = `x${k}-${f[0]}`;
        if (f[12] !== NULL) {
          const id = String(Number(f[12]) + k * C);
          // The path's token sits inside a JSON string, contentId's is the whole (quoted) value.
          f[3] = (f[3] as string).replace(`"${CONTENT_TOKEN}"`, id).replace(CONTENT_TOKEN, id);
        }
        return shiftIds(f, k, [[7, U]]);
      },
    },
    {
      table: 'fans_group_members',
      columns: 'group_id, user_id, intimacy, fans_level, joined_at',
      select: `select group_id, user_id, intimacy, fans_level, joined_at from fans_group_members where user_id <= ${int(U)}`,
      copy: (f, k) => shiftIds(f, k, [[1, U]]),
    },
    {
      table: 'fans_intimacy_days',
      columns: 'group_id, user_id, day, points',
      select: `select group_id, user_id, day, points from fans_intimacy_days where user_id <= ${int(U)}`,
      copy: (f, k) => shiftIds(f, k, [[1, U]]),
    },
  ];
  await client.query('begin');
  for (const plan of plans) {
    const rows = await seedRows(client, plan.select);
    const width = plan.columns.split(',').length;
    await copyIn(client, plan.table, plan.columns, copies(rows, factor, width, plan.copy));
  }
  await client.query('commit');
}

/**
 * One content's long thread: `factor` × {@link LONG_THREAD_REPLIES} replies by the users there
 * are, a minute apart after the content, with the seed's comment texts; a third of them answer
 * an earlier top-level reply of the thread. The content's count grows with them.
 */
async function addLongThread(client: Client, contentId: number, factor: number): Promise<void> {
  const total = factor * LONG_THREAD_REPLIES;
  const top = Math.round((total * 2) / 3);
  const max = await one<{ r: number; u: number; at: string }>(
    client,
    `select (select max(id) from replies) as r, (select max(id) from users) as u,
      (select ${epochMs('created_at')} from contents where id = ${int(contentId)}) as at`,
  );
  const [base, users, at] = [max.r, max.u, Number(max.at)];
  // The seed's first 8000 comment texts, escaped for COPY as they came.
  const texts = (await seedRows(client, 'select content from replies where id <= 8000 order by id')).map(
    (f) => f[0] as string,
  );
  const text = (n: number) => texts[n % texts.length] as string;
  const topAt = (n: number) => at + n * 60_000;
  function* lines(): Generator<string> {
    for (let n = 1; n <= top; n++)
      yield [
        base + n,
        contentId,
        1 + ((n * 37) % users),
        NULL,
        NULL,
        text(n),
        new Date(topAt(n)).toISOString(),
      ].join('\t');
    for (let n = 1; n <= total - top; n++) {
      const parent = 1 + ((n * 7919) % top);
      const parentUser = 1 + ((parent * 37) % users);
      const created = new Date(topAt(parent) + (30 + (n % 3000)) * 1000).toISOString();
      yield [
        base + top + n,
        contentId,
        1 + ((n * 53) % users),
        base + parent,
        parentUser,
        text(n * 3),
        created,
      ].join('\t');
    }
  }
  await client.query('begin');
  await copyIn(
    client,
    'replies',
    'id, content_id, user_id, parent_id, reply_to_user_id, content, created_at',
    lines(),
  );
  await client.query(
    `update contents set reply_count = reply_count + ${int(total)} where id = ${int(contentId)}`,
  );
  await client.query('commit');
}

/**
 * The messages (issue 32 point 3) the lights, replies and follows there are would have written
 * through the server's notify(): the content's author told of each light and reply, the user a
 * child reply answers too, the followee of each follow, under the same dedupe keys, nobody of
 * their own doing. Derived in bulk after the load (the seed writes none). Everyone has read them
 * all but the seed's own of its last three days, so unread counts stay what one reader leaves
 * unread however much history the data holds.
 */
async function deriveMessages(client: Client, seed: { u: number; r: number }): Promise<void> {
  const [U, R] = [int(seed.u), int(seed.r)];
  const { cut } = await one<{ cut: string }>(
    client,
    `select greatest((select max(created_at) from content_lights), (select max(created_at) from replies where id <= ${R}),
      (select max(created_at) from follows)) - interval '3 days' as cut`,
  );
  const read = (seedRow: string) => `case when ${seedRow} and happened > $1 then null else happened end`;
  await client.query('begin');
  await client.query(
    `insert into notifications (recipient_id, kind, actor_id, content_id, dedupe_key, created_at, read_at)
     select c.author_id, 'light', l.user_id, l.content_id, 'light:' || l.user_id || ':' || l.content_id, happened,
       ${read(`l.user_id <= ${U}`)}
     from content_lights l join contents c on c.id = l.content_id, lateral (select l.created_at as happened) t
     where l.user_id <> c.author_id`,
    [cut],
  );
  await client.query(
    `insert into notifications (recipient_id, kind, actor_id, content_id, reply_id, dedupe_key, created_at, read_at)
     select distinct on (recipient, r.id) recipient, 'reply', r.user_id, r.content_id, r.id, 'reply:' || r.id, happened,
       ${read(`r.id <= ${R}`)}
     from replies r join contents c on c.id = r.content_id, lateral (select r.created_at as happened) t,
       unnest(array[c.author_id, r.reply_to_user_id]) as recipient
     where recipient is not null and recipient <> r.user_id`,
    [cut],
  );
  await client.query(
    `insert into notifications (recipient_id, kind, actor_id, dedupe_key, created_at, read_at)
     select f.followee_id, 'follow', f.follower_id, 'follow:' || f.follower_id || ':' || f.followee_id, happened,
       ${read(`f.follower_id <= ${U}`)}
     from follows f, lateral (select f.created_at as happened) t where f.follower_id <> f.followee_id`,
    [cut],
  );
  await client.query('commit');
}

/** The tables the build fills in bulk, whose secondary indexes and constraints wait for the load. */
const LOADED_TABLES = [
  'users',
  'contents',
  'content_products',
  'replies',
  'content_lights',
  'follows',
  'analytics_events',
  'fans_group_members',
  'fans_intimacy_days',
  'notifications',
] as const;

/** An index or a constraint as the migrations left it, and the statement that makes it again. */
interface Definition {
  name: string;
  /** Foreign keys are made one after the other, after the rest: each locks two tables. */
  foreign: boolean;
  drop: string;
  create: string;
}

/**
 * What of {@link LOADED_TABLES} a bulk load can build afterwards, in the order to drop it: the
 * foreign keys, the unique constraints no foreign key leans on, then the indexes of no
 * constraint, the costliest to build first (an expression's, then the biggest table's).
 * Primary keys stay (the triggers and foreign keys look rows up by them), and so does all of a
 * partitioned table (its partitions' indexes follow the parent's under names of their own).
 */
async function deferrable(client: Client): Promise<Definition[]> {
  const tables = `(select oid from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r'
    and relname = any($1))`;
  const { rows } = await client.query<Definition>(
    `select name, is_foreign as foreign, drop, "create" from (
       select 1 as step, 0 as cost, conname as name, true as is_foreign,
         format('alter table %s drop constraint %I', conrelid::regclass, conname) as drop,
         format('alter table %s add constraint %I %s', conrelid::regclass, conname, pg_get_constraintdef(oid)) as "create"
       from pg_constraint where conrelid in ${tables} and contype = 'f'
       union all
       select 2, pg_relation_size(conrelid), conname, false, format('alter table %s drop constraint %I', conrelid::regclass, conname),
         format('alter table %s add constraint %I %s', conrelid::regclass, conname, pg_get_constraintdef(oid))
       from pg_constraint u where conrelid in ${tables} and contype = 'u'
         and not exists (select 1 from pg_constraint f where f.contype = 'f' and f.conindid = u.conindid)
       union all
       select 2, case when x.indexprs is null then pg_relation_size(x.indrelid) else 1e15 end, i.relname, false,
         format('drop index %s', i.oid::regclass), pg_get_indexdef(i.oid)
       from pg_index x join pg_class i on i.oid = x.indexrelid
       where x.indrelid in ${tables} and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)
     ) d order by step, cost desc, name`,
    [LOADED_TABLES],
  );
  return rows;
}

/** Makes the indexes and unique constraints of `definitions` on `clients` at once, then the foreign keys. */
async function recreate(clients: Client[], definitions: Definition[]): Promise<void> {
  const queue = definitions.filter((definition) => !definition.foreign);
  await Promise.all(
    clients.map(async (client) => {
      await client.query(`set maintenance_work_mem = '256MB'`);
      for (let next = queue.shift(); next !== undefined; next = queue.shift())
        await client.query(next.create);
    }),
  );
  for (const { create } of definitions.filter((definition) => definition.foreign))
    await (clients[0] as Client).query(create);
}

/** Every index and constraint of {@link LOADED_TABLES}, as text to compare before and after. */
async function schemaOfLoaded(client: Client): Promise<string[]> {
  const { rows } = await client.query<{ def: string }>(
    `select indexdef as def from pg_indexes where schemaname = 'public' and tablename = any($1)
     union all select conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid) || ' ' || convalidated
     from pg_constraint where conrelid::regclass::text = any($1)
     order by 1`,
    [LOADED_TABLES],
  );
  return rows.map((row) => row.def);
}

/**
 * Runs `load` with the secondary indexes and the constraints of {@link deferrable} dropped, then
 * makes them again from their own definitions, two at a time on this two-core machine (a bulk
 * build, and one check of each foreign key instead of one a row), and refuses the database
 * unless its indexes and constraints read the same as the migrations left them.
 */
async function withDeferredIndexes(
  client: Client,
  databaseUrl: string,
  load: () => Promise<void>,
): Promise<void> {
  const before = await schemaOfLoaded(client);
  const definitions = await deferrable(client);
  for (const { drop } of definitions) await client.query(drop);
  await load();
  const second = new pg.Client({ connectionString: databaseUrl });
  await second.connect();
  try {
    await recreate([client, second], definitions);
  } finally {
    await second.end();
  }
  await client.query('reset maintenance_work_mem');
  const after = await schemaOfLoaded(client);
  if (JSON.stringify(after) !== JSON.stringify(before))
    throw new Error(
      `indexes or constraints differ from the migrated database's after the load:\n${before
        .filter((def) => !after.includes(def))
        .concat(after.filter((def) => !before.includes(def)))
        .join('\n')}`,
    );
}

/** Picks, on the seed alone, who the bench reads as: the same people at every factor. */
async function chooseCast(client: Client): Promise<ScaleCast> {
  const reader = await one<{ id: number }>(
    client,
    `select follower_id as id from follows where follower_id > ${int(HISTORY_CREATORS)}
     group by 1 order by count(*) desc, 1 limit 1`,
  );
  const thread = await one<{ id: number }>(
    client,
    `select id from contents where author_id > ${int(HISTORY_CREATORS)} order by reply_count desc, id limit 1`,
  );
  const group = await one<{ id: number; stream: number }>(
    client,
    `select g.id, s.id as stream from fans_groups g join live_streams s on s.host_id = g.host_id
     order by (select count(*) from fans_group_members m where m.group_id = g.id) desc, g.id limit 1`,
  );
  const member = await one<{ id: number }>(
    client,
    `select user_id as id from fans_group_members where group_id = ${int(group.id)}
     order by intimacy desc, user_id desc
     offset (select count(*) * 9 / 10 from fans_group_members where group_id = ${int(group.id)}) limit 1`,
  );
  const creator = await one<{ phone: string }>(
    client,
    `select phone from users where id = ${int(DEMO_CREATOR_ID)}`,
  );
  return {
    reader: { userId: reader.id, phone: '13900000001' },
    creator: { userId: DEMO_CREATOR_ID, phone: creator.phone },
    member: { userId: member.id, phone: '13900000002', streamId: group.stream },
    threadContentId: thread.id,
  };
}

/** The tables that grow. */
export const GROWING_TABLES = [
  'users',
  'contents',
  'replies',
  'analytics_events',
  'follows',
  'content_lights',
  'fans_group_members',
  'fans_intimacy_days',
  'notifications',
  'creator_daily_figures',
] as const;

/** Seconds each step of a build took, to print beside the figures. */
export type BuildSeconds = Record<'seed' | 'copy' | 'thread' | 'messages' | 'indexes' | 'analyze', number>;

/**
 * Migrates and seeds the empty database at `databaseUrl` with the server's own code, grows it to
 * `factor` times the seed plus the long thread and the messages they make, analyses it, and
 * answers who the bench reads as, the row counts and how long each step took.
 */
export async function buildScaleDatabase(
  databaseUrl: string,
  factor: number,
): Promise<{ cast: ScaleCast; counts: ScaleCounts; seconds: BuildSeconds }> {
  let started = performance.now();
  const lap = () => {
    const now = performance.now();
    const seconds = (now - started) / 1000;
    started = now;
    return seconds;
  };
  const database = await openDatabase({ databaseUrl });
  try {
    await migrate(database);
    if (!(await seedIfEmpty(database.db))) throw new Error(`${databaseUrl} was not empty`);
  } finally {
    await database.close();
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const seconds = { seed: lap() } as BuildSeconds;
    const cast = await chooseCast(client);
    const seed = await one<{ u: number; r: number }>(
      client,
      'select (select max(id) from users) as u, (select max(id) from replies) as r',
    );
    await withDeferredIndexes(client, databaseUrl, async () => {
      await multiplySeed(client, factor);
      seconds.copy = lap();
      await addLongThread(client, cast.threadContentId, factor);
      seconds.thread = lap();
      await deriveMessages(client, seed);
      seconds.messages = lap();
    });
    seconds.indexes = lap();
    for (const table of ['users', 'contents', 'replies'])
      await client.query(
        `select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`,
      );
    // Seeded readers have no phone: these two get one, so the bench can log in as them.
    for (const { userId, phone } of [cast.reader, cast.member])
      await client.query('update users set phone = $1 where id = $2', [phone, userId]);
    await client.query('vacuum analyze');
    seconds.analyze = lap();
    const counts: ScaleCounts = {};
    for (const table of GROWING_TABLES)
      counts[table] = (await one<{ n: number }>(client, `select count(*)::integer as n from ${table}`)).n;
    return { cast, counts, seconds };
  } finally {
    await client.end();
  }
}

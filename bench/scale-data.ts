// The data of the bench's "cost as data grows" section (issue 19 point 5): the default seed, then
// that seed's rows multiplied in SQL (`INSERT ... SELECT ... generate_series`) to `factor` times,
// plus one long comment thread whose length grows with the factor. Nothing is pasted: every row
// is a seed row copied or one made from a series.
import pg from 'pg';
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

/**
 * Copies every seeded user, content, reply, light, follow, analytics event and fans-group member
 * `factor - 1` times. Copy k of a row shifts its ids by k times the seed's largest: users and
 * contents are new people and posts, but the authors stay the seeded creators (each creator gets
 * `factor` times the contents, events, lights, comments and fans) and the fans groups stay the
 * seeded hosts' (each gets `factor` times the members).
 */
async function multiplySeed(client: Client, factor: number): Promise<void> {
  if (factor <= 1) return;
  const max = await one<{ u: number; c: number; r: number }>(
    client,
    'select (select max(id) from users) as u, (select max(id) from contents) as c, (select max(id) from replies) as r',
  );
  const [U, C, R] = [int(max.u), int(max.c), int(max.r)];
  const copies = `generate_series(1, ${int(factor - 1)}) as k`;
  const shift = `make_interval(mins => k * ${int(COPY_SHIFT_MINUTES)})`;
  await client.query('begin');
  await client.query(`
    insert into users (id, phone, user_name, avatar, is_creator, created_at, gender, birth_year, region)
    select id + k * ${U}, null, user_name, avatar, false, created_at, gender, birth_year, region
    from users, ${copies} where id <= ${U}`);
  await client.query(`
    insert into contents (id, author_id, content_type, category, title, body, cover_url, cover_width,
      cover_height, images, video_url, video_duration, light_count, reply_count, created_at)
    select id + k * ${C}, author_id, content_type, category, title, body, cover_url, cover_width,
      cover_height, images, video_url, video_duration, light_count, reply_count, created_at + ${shift}
    from contents, ${copies} where id <= ${C}`);
  await client.query(`
    insert into content_products (content_id, spu_id)
    select content_id + k * ${C}, spu_id from content_products, ${copies} where content_id <= ${C}`);
  await client.query(`
    insert into replies (id, content_id, user_id, parent_id, reply_to_user_id, content, light_count, created_at)
    select id + k * ${R}, content_id + k * ${C}, user_id + k * ${U}, parent_id + k * ${R},
      reply_to_user_id + k * ${U}, content, light_count, created_at + ${shift}
    from replies, ${copies} where id <= ${R}`);
  await client.query(`
    insert into content_lights (user_id, content_id, created_at)
    select user_id + k * ${U}, content_id + k * ${C}, created_at
    from content_lights, ${copies} where user_id <= ${U} and content_id <= ${C}`);
  await client.query(`
    insert into follows (follower_id, followee_id, created_at)
    select follower_id + k * ${U}, followee_id, created_at
    from follows, ${copies} where follower_id <= ${U} and followee_id <= ${U}`);
  // Views and shares of the copied contents, by the copied viewers, at the same instants.
  await client.query(`
    insert into analytics_events (uuid, tracker, event, payload, occurred_at, received_at, expires_at,
      user_id, flow_type, anonymous_id, client_id, client_release)
    select 'x' || k || '-' || uuid, tracker, event,
      case
        when content_id is null then payload
        when event = 'pageView' then jsonb_set(payload, '{path}', to_jsonb('/community/content/' || (content_id + k * ${C})))
        else jsonb_set(payload, '{contentId}', to_jsonb(content_id + k * ${C}))
      end,
      occurred_at, received_at, expires_at, user_id + k * ${U}, flow_type, anonymous_id, client_id, client_release
    from analytics_events, ${copies}`);
  await client.query(`
    insert into fans_group_members (group_id, user_id, intimacy, fans_level, joined_at)
    select group_id, user_id + k * ${U}, intimacy, fans_level, joined_at
    from fans_group_members, ${copies} where user_id <= ${U}`);
  await client.query(`
    insert into fans_intimacy_days (group_id, user_id, day, points)
    select group_id, user_id + k * ${U}, day, points
    from fans_intimacy_days, ${copies} where user_id <= ${U}`);
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
  const max = await one<{ r: number; u: number }>(
    client,
    'select (select max(id) from replies) as r, (select max(id) from users) as u',
  );
  const [base, users, content] = [int(max.r), int(max.u), int(contentId)];
  await client.query('begin');
  await client.query(`
    insert into replies (id, content_id, user_id, content, created_at)
    select ${base} + n, ${content}, 1 + (n * 37) % ${users}, s.content, c.created_at + make_interval(mins => n)
    from generate_series(1, ${int(top)}) as n
    join contents c on c.id = ${content}
    join replies s on s.id = 1 + n % 8000`);
  await client.query(`
    insert into replies (id, content_id, user_id, parent_id, reply_to_user_id, content, created_at)
    select ${base} + ${int(top)} + n, ${content}, 1 + (n * 53) % ${users}, p.id, p.user_id, s.content,
      p.created_at + make_interval(secs => 30 + n % 3000)
    from generate_series(1, ${int(total - top)}) as n
    join replies p on p.id = ${base} + 1 + (n * 7919) % ${int(top)}
    join replies s on s.id = 1 + (n * 3) % 8000`);
  await client.query(`update contents set reply_count = reply_count + ${int(total)} where id = ${content}`);
  await client.query('commit');
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
  'contents',
  'replies',
  'analytics_events',
  'follows',
  'content_lights',
  'fans_group_members',
] as const;

/**
 * Migrates and seeds the empty database at `databaseUrl` with the server's own code, grows it to
 * `factor` times the seed plus the long thread, analyses it, and answers who the bench reads as
 * and the row counts.
 */
export async function buildScaleDatabase(
  databaseUrl: string,
  factor: number,
): Promise<{ cast: ScaleCast; counts: ScaleCounts }> {
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
    const cast = await chooseCast(client);
    await multiplySeed(client, factor);
    await addLongThread(client, cast.threadContentId, factor);
    for (const table of ['users', 'contents', 'replies'])
      await client.query(
        `select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`,
      );
    // Seeded readers have no phone: these two get one, so the bench can log in as them.
    for (const { userId, phone } of [cast.reader, cast.member])
      await client.query('update users set phone = $1 where id = $2', [phone, userId]);
    await client.query('analyze');
    const counts: ScaleCounts = {};
    for (const table of GROWING_TABLES)
      counts[table] = (await one<{ n: number }>(client, `select count(*)::integer as n from ${table}`)).n;
    return { cast, counts };
  } finally {
    await client.end();
  }
}

import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../client';
import { DEMO_CREATOR_ID, DEMO_CREATOR_PHONE } from './creator-portrait';
import { SEED_SIZES } from './generate';
import { Random } from './random';
import { COMMENTS } from './vocab';

// Issue 15 point 1: 90 days of creator history (detail page views as the collector stores them,
// lights, comments, shares and new fans), dated back from the day the seed runs, so every data
// centre chart has shape on a fresh start. Deterministic: the same seeding day gives the same rows.
// Every seeded light also gets its reader's page view (issue 28 point 6: views ≥ lights).
// Kept cheap (~8 000 events in a handful of statements): only the first creators get history.

/** Days of history, today included. */
export const HISTORY_DAYS = 90;
/** Creators 1..N get history (the demo creator among them). */
export const HISTORY_CREATORS = 12;
/** Of each, the newest contents that are viewed, with their weights. */
const CONTENT_WEIGHTS = [6, 3, 2, 1, 1, 1];
const HISTORY_SEED = 15_0090;
/** Hours of the day (China time) viewers come at, evenings weighted. */
const VIEW_HOURS = [8, 9, 12, 12, 13, 15, 18, 19, 20, 20, 21, 21, 21, 22, 22, 23];
const SHANGHAI_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

/** The history's event uuids: hex and dashes (the collector's uuid shape), numbered; the first marks a seeded database. */
export const historyUuid = (n: number): string =>
  `5eed0015-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

/** The uuids of the page views behind the seeded lights: the history's shape, another prefix. */
const LIGHT_VIEW_UUID_PREFIX = '5eed0028-0000-4000-8000-';

interface Creation {
  views: Array<{ uuid: string; content_id: number; user_id: number | null; at: string }>;
  shares: Array<{ uuid: string; content_id: number; user_id: number | null; at: string }>;
  lights: Array<{ user_id: number; content_id: number; at: string }>;
  replies: Array<{ user_id: number; content_id: number; text: string; at: string }>;
  follows: Array<{ follower_id: number; followee_id: number; at: string }>;
}

/** The history rows for the given creators' newest contents, ending at `nowMs`. */
export function generateHistory(contentsByCreator: Map<number, number[]>, nowMs: number): Creation {
  const rng = new Random(HISTORY_SEED);
  const out: Creation = { views: [], shares: [], lights: [], replies: [], follows: [] };
  const todayStart = Math.floor((nowMs + SHANGHAI_OFFSET_MS) / DAY_MS) * DAY_MS - SHANGHAI_OFFSET_MS;
  let n = 0;
  for (const [creatorId, contentIds] of contentsByCreator) {
    const weights = CONTENT_WEIGHTS.slice(0, contentIds.length);
    const total = weights.reduce((a, b) => a + b, 0);
    for (let d = HISTORY_DAYS - 1; d >= 0; d--) {
      const dayStart = todayStart - d * DAY_MS;
      // A slow wave over the quarter, weekends busier, a little noise.
      const weekday = new Date(dayStart + SHANGHAI_OFFSET_MS).getUTCDay();
      const level = 3 + 2 * Math.sin((d + creatorId * 7) / 11) + (weekday === 0 || weekday === 6 ? 2 : 0);
      const views = Math.max(0, Math.round(level + rng.float() * 3 - 1));
      for (let v = 0; v < views; v++) {
        let pick = rng.int(1, total);
        let index = 0;
        while (pick > (weights[index] as number)) pick -= weights[index++] as number;
        const contentId = contentIds[index] as number;
        const at = dayStart + (rng.pick(VIEW_HOURS) * 60 + rng.int(0, 59)) * 60_000 + rng.int(0, 59_999);
        if (at > nowMs) continue;
        const viewer = rng.chance(0.75) ? rng.int(1, SEED_SIZES.users) : null;
        const iso = (ms: number) => new Date(Math.min(ms, nowMs)).toISOString();
        out.views.push({ uuid: historyUuid(n++), content_id: contentId, user_id: viewer, at: iso(at) });
        if (rng.chance(0.05))
          out.shares.push({
            uuid: historyUuid(n++),
            content_id: contentId,
            user_id: viewer,
            at: iso(at + 90_000),
          });
        if (viewer === null || viewer === creatorId) continue;
        if (rng.chance(0.15))
          out.lights.push({ user_id: viewer, content_id: contentId, at: iso(at + 30_000) });
        if (rng.chance(0.07))
          out.replies.push({
            user_id: viewer,
            content_id: contentId,
            text: rng.pick(COMMENTS),
            at: iso(at + 60_000),
          });
        if (rng.chance(0.06))
          out.follows.push({ follower_id: viewer, followee_id: creatorId, at: iso(at + 120_000) });
      }
    }
  }
  return out;
}

const json = (rows: unknown[]) => sql`${JSON.stringify(rows)}::jsonb`;

/**
 * Writes the creators' history once (the first history uuid marks it), also into a database
 * seeded before issue 15 (whose demo creator then gets the demo phone). Needs
 * the seeded creators; does nothing without them.
 */
export async function insertCreatorHistory(db: Db, nowMs = Date.now()): Promise<boolean> {
  const marker = await db.execute(sql`select 1 from analytics_events where uuid = ${historyUuid(0)}`);
  if (rowsOf(marker).length > 0) return false;
  const contentRows = rowsOf<{ id: number; author_id: number }>(
    await db.execute(sql`
      select id, author_id from (
        select id, author_id, row_number() over (partition by author_id order by created_at desc, id desc) as k
        from contents where author_id <= ${HISTORY_CREATORS} and id <= ${SEED_SIZES.contents}
      ) ranked where k <= ${CONTENT_WEIGHTS.length} order by author_id, k`),
  );
  if (contentRows.length === 0) return false;
  const byCreator = new Map<number, number[]>();
  for (const row of contentRows)
    byCreator.set(row.author_id, [...(byCreator.get(row.author_id) ?? []), row.id]);
  const history = generateHistory(byCreator, nowMs);

  await db.transaction(async (tx) => {
    // Databases seeded before issue 15: the demo creator's phone. (Portraits are the users' own
    // profiles since issue 31; nothing writes them behind a user's back.)
    await tx.execute(sql`
      update users set phone = ${DEMO_CREATOR_PHONE} where id = ${DEMO_CREATOR_ID} and phone is null
        and not exists (select 1 from users where phone = ${DEMO_CREATOR_PHONE})`);
    // The seed's follows of these creators and lights of their contents happened over the past
    // year, not all on seeding day (they are dated by the insert otherwise).
    await tx.execute(sql`
      update content_lights set created_at = ${new Date(nowMs).toISOString()}::timestamptz
        - make_interval(days => ((user_id * 7919 + content_id * 104729) % 360) + 1, secs => (user_id * 37 + content_id) % 86400)
      where user_id <= ${SEED_SIZES.users}
        and content_id in (select id from contents where author_id <= ${HISTORY_CREATORS} and id <= ${SEED_SIZES.contents})`);
    // Every seeded light had its reader, who viewed the content first (issue 28 point 6): a page
    // view a minute before each light, so a content's views are never fewer than its lights.
    await tx.execute(sql`
      insert into analytics_events (uuid, tracker, event, payload, occurred_at, received_at, expires_at, user_id)
      select ${LIGHT_VIEW_UUID_PREFIX} || lpad(to_hex(row_number() over (order by l.content_id, l.user_id)), 12, '0'),
        'h5', 'pageView',
        jsonb_build_object('pageId', 637, 'path', '/community/content/' || l.content_id, 'source', 'seed'),
        l.created_at - interval '1 minute', l.created_at - interval '1 minute', l.created_at + interval '2 hours', l.user_id
      from content_lights l
      where l.user_id <= ${SEED_SIZES.users} and l.content_id <= ${SEED_SIZES.contents}
      on conflict (uuid, occurred_at) do nothing`);
    // Likewise the seed's follows of these creators.
    await tx.execute(sql`
      update follows set created_at = ${new Date(nowMs).toISOString()}::timestamptz
        - make_interval(days => ((follower_id * 7919 + followee_id * 104729) % 360) + 1)
      where followee_id <= ${HISTORY_CREATORS} and follower_id <= ${SEED_SIZES.users}`);
    const events = [
      ...history.views.map((v) => ({
        ...v,
        event: 'pageView',
        payload: { pageId: 637, path: `/community/content/${v.content_id}`, source: 'seed' },
      })),
      ...history.shares.map((s) => ({
        ...s,
        event: 'contentShare',
        payload: { contentId: s.content_id, channel: 'wechat' },
      })),
    ];
    await tx.execute(sql`
      insert into analytics_events (uuid, tracker, event, payload, occurred_at, received_at, expires_at, user_id)
      select uuid, 'h5', event, payload, at, at, at + interval '3 hours', user_id
      from jsonb_to_recordset(${json(events)}) as r(uuid varchar, event varchar, payload jsonb, at timestamptz, user_id integer)
      on conflict (uuid, occurred_at) do nothing`);
    // Lights and comments move their contents' counts, as the product's own writes do.
    await tx.execute(sql`
      with added as (
        insert into content_lights (user_id, content_id, created_at)
        select user_id, content_id, at from jsonb_to_recordset(${json(history.lights)}) as r(user_id integer, content_id integer, at timestamptz)
        on conflict do nothing returning content_id
      )
      update contents set light_count = light_count + a.n
      from (select content_id, count(*)::integer as n from added group by content_id) a where contents.id = a.content_id`);
    await tx.execute(sql`
      with added as (
        insert into replies (content_id, user_id, content, created_at)
        select content_id, user_id, text, at from jsonb_to_recordset(${json(history.replies)}) as r(user_id integer, content_id integer, text text, at timestamptz)
        returning content_id
      )
      update contents set reply_count = reply_count + a.n
      from (select content_id, count(*)::integer as n from added group by content_id) a where contents.id = a.content_id`);
    await tx.execute(sql`
      insert into follows (follower_id, followee_id, created_at)
      select follower_id, followee_id, at from jsonb_to_recordset(${json(history.follows)}) as r(follower_id integer, followee_id integer, at timestamptz)
      on conflict do nothing`);
  });
  return true;
}

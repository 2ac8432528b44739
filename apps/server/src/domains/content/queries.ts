import { desc, eq, type SQL, sql } from 'drizzle-orm';
import type { ReadDb } from '../../db/client';
import { Coalescer } from '../../db/coalesce';
import { onReadRoute, readRouteKey } from '../../db/replica';
import { contentLights, contents, follows, users } from '../../db/schema';
import { type CardRow, feedCardColumns } from './cards';

/** Contents by authors the viewer does not follow. */
const notFollowed = sql`not exists (select 1 from ${follows} where ${follows.followerId} = ${sql.placeholder('viewerId')} and ${follows.followeeId} = ${contents.authorId})`;
/**
 * Every type (null), or one (the hot-video list's videos) written into the statement, not a
 * parameter: a generic plan cannot tell `$1 < 0 or content_type = $1` to be `content_type = 1`,
 * so it could neither bound an author's walk by the type nor pick the videos' partial index
 * (issue 33 point 2: the walk filtered out 393 non-videos per followed author at 100×).
 */
const ofType = (type: number | null) =>
  type === null ? sql`true` : sql`${contents.contentType} = ${sql.raw(String(Math.trunc(type)))}`;
/** Approved and not taken down (content/visible.ts), written out for the prepared statements. */
const shown = sql`${contents.takenDownAt} is null and ${contents.reviewState} = 'approved'`;

/** Which contents a ranked statement reads. */
type Slice = 'all' | 'followed' | 'others';

const rankBefore = sql`${sql.placeholder('rankBefore')}::double precision`;
const idBefore = sql`${sql.placeholder('idBefore')}::integer`;
const boost = sql`${sql.placeholder('boost')}::double precision`;

/**
 * How much following an author raises their contents' rank: two units of hot score, as much as
 * a hundred times the lights or 25 hours of freshness.
 */
export const FOLLOW_BOOST = 2;

/**
 * The viewer's followed authors' first `limit` contents after the keyset bound, by boosted rank:
 * per followed author at most `limit` from the author's hot index (a LATERAL top-N), merged.
 */
function followedTop(db: ReadDb, type: number | null) {
  // The rank is hot_score + boost in floating point: the index is bounded a hair above
  // rankBefore - boost (never below a row the exact comparison keeps), the comparison decides.
  const loose = sql`${contents.hotScore} <= ${rankBefore} - ${boost} + 1e-9 * (1 + abs(${rankBefore}))`;
  // One followed author's first `limit` after the bound: an index-only walk of their hot index.
  const top = db
    .select({ id: contents.id, hotScore: contents.hotScore })
    .from(contents)
    .where(
      sql`${contents.authorId} = ${follows.followeeId} and ${ofType(type)} and ${shown} and ${loose}
        and (${contents.hotScore} + ${boost}, ${contents.id}) < (${rankBefore}, ${idBefore})`,
    )
    .orderBy(desc(contents.hotScore), desc(contents.id))
    .limit(sql.placeholder('limit'))
    .as('top');
  return db
    .select({ id: top.id, hotScore: top.hotScore })
    .from(follows)
    .innerJoinLateral(top, sql`true`)
    .where(sql`${follows.followerId} = ${sql.placeholder('viewerId')}`)
    .orderBy(desc(top.hotScore), desc(top.id))
    .limit(sql.placeholder('limit'));
}

/** One reader's page in {@link readerStatesStatement}: the visitors' page and the reader's bound. */
export interface ReaderStateCall {
  viewerId: number;
  rankBefore: number;
  idBefore: number;
  /** The shared page's last rank: no followed card below it is shown. */
  rankFloor: number;
  limit: number;
  /** The shared page's content ids. */
  shared: number[];
}

/** A followed card's own columns ({@link readerStatesStatement}'s `card`), as JSON. */
export type FollowedCardJson = Omit<CardRow, 'contentId' | 'lightCount' | 'isLight' | 'createdAt'>;

/** One card of a reader's page, with the reader's state ({@link readerStatesStatement}). */
export interface ReaderStateRow {
  contentId: number;
  hotScore: number;
  lightCount: number;
  /** By a followed author, ranked with the boost: `card` holds its columns. */
  boosted: boolean;
  isLight: boolean;
  followsAuthor: boolean;
  card: FollowedCardJson | null;
}

/** {@link ReaderStateRow} as the statement's JSON sends it, in the fields' order. */
type ReaderStateJson = [number, number, number, boolean, boolean, boolean, FollowedCardJson | null];

/**
 * Readers' pages beside the visitors' shared ones (issue 33 point 1), many readers in one
 * statement (`calls`, a JSON array; concurrent pages are coalesced): per reader the cards of
 * their followed authors' first `limit` after their bound (`boosted`, the same LATERAL top-N per
 * followed author as {@link followedTop}, floored at the shared page's last rank) and the shared
 * page's contents, each with the reader's light, their follow of the author and the present
 * light count. Only a boosted card carries its card columns (`card`): the shared cards have them.
 *
 * Every lookup is a LATERAL with a LIMIT, so each stays a primary-key probe whatever the planner
 * thinks of the row counts: that makes the generic plan as good as a custom one, and the JSON
 * parameter (100 rows to the planner either way) lets PostgreSQL keep it. With arrays per column
 * it planned afresh on every call (a custom plan for the arrays' lengths: 0.55–0.86 ms a bind),
 * and an EXISTS of the reader's follow was a hash of every follow (0.22 ms at 1×, growing).
 */
function readerStatesStatement(db: ReadDb, type: number | null, name: string) {
  const requests = sql`jsonb_to_recordset(${sql.placeholder('calls')}::jsonb) as r(tag integer, viewer integer,
    rank_before double precision, id_before integer, rank_floor double precision,
    lim integer, shared integer[])`;
  // Written out (aliases, no builder) because the reader's columns come from `r`, row by row.
  // A reader's page keeps no followed card ranked below the shared page's last (`rank_floor`):
  // bounded a hair below it too, each author's walk reads only the page's window of their hot
  // index, not `limit` of their contents (399 index rows for 19 authors at 1×, 0.25 ms of 0.43).
  const followed = sql`select top.id from ${follows} f cross join lateral (
        select hc.id, hc.hot_score from ${contents} hc
        where hc.author_id = f.followee_id and ${type === null ? sql`true` : sql`hc.content_type = ${sql.raw(String(Math.trunc(type)))}`}
          and hc.taken_down_at is null and hc.review_state = 'approved'
          and hc.hot_score <= r.rank_before - ${boost} + 1e-9 * (1 + abs(r.rank_before))
          and hc.hot_score >= r.rank_floor - ${boost} - 1e-9 * (1 + abs(r.rank_floor))
          and (hc.hot_score + ${boost}, hc.id) < (r.rank_before, r.id_before)
        order by hc.hot_score desc, hc.id desc limit r.lim) top
      where f.follower_id = r.viewer
      order by top.hot_score desc, top.id desc limit r.lim`;
  const ids = sql`(select p.id, true as boosted from (${followed}) p
      union all
      select s.id, false from unnest(r.shared) s(id)) ids`;
  const content = sql`select k.id, k.hot_score, k.light_count, k.author_id, k.content_type, k.title, k.cover_url,
      k.cover_width, k.cover_height, k.video_duration, k.review_state, k.review_reason from ${contents} k
      where k.id = ids.id and k.taken_down_at is null and k.review_state = 'approved' limit 1`;
  const card = sql<FollowedCardJson | null>`case when ids.boosted then (select json_build_object(
      'contentType', c.content_type, 'title', c.title, 'coverUrl', c.cover_url, 'coverWidth', c.cover_width,
      'coverHeight', c.cover_height, 'videoDuration', c.video_duration, 'authorId', u.id,
      'authorName', u.user_name, 'authorAvatar', u.avatar, 'reviewState', c.review_state,
      'reviewReason', c.review_reason) from ${users} u where u.id = c.author_id) end`;
  // One row per reader, their cards as one JSON array of arrays: pg's row parsing and Drizzle's
  // mapping of ~30 rows of 8 columns were a fifth of a logged-in page's node time (profiled).
  const rowOf = sql`json_build_array(c.id, c.hot_score, c.light_count, ids.boosted, lit.yes is not null,
      fo.yes is not null, ${card})`;
  return db
    .select({
      tag: sql<number>`r.tag`.mapWith(Number),
      rows: sql<string>`json_agg(${rowOf})::text`,
    })
    .from(
      sql`${requests} cross join lateral ${ids} cross join lateral (${content}) c
        left join lateral (${probe(contentLights, sql`l.user_id = r.viewer and l.content_id = c.id`)}) lit on true
        left join lateral (${probe(follows, sql`l.follower_id = r.viewer and l.followee_id = c.author_id`)}) fo on true`,
    )
    .groupBy(sql`r.tag`)
    .prepare(name);
}

/** One primary-key probe per row (see readerStatesStatement): `l` is the table's alias. */
const probe = (table: typeof follows | typeof contentLights, where: SQL) =>
  sql`select true as yes from ${table} l where ${where} limit 1`;

/** Runs {@link readerStatesStatement} for `calls`: each call's rows, in order. */
async function readerStates(statement: ReturnType<typeof readerStatesStatement>, calls: ReaderStateCall[]) {
  const rows = await statement.execute({
    calls: JSON.stringify(
      calls.map((call, tag) => ({
        tag,
        viewer: call.viewerId,
        rank_before: call.rankBefore,
        id_before: call.idBefore,
        rank_floor: call.rankFloor,
        lim: call.limit,
        shared: call.shared,
      })),
    ),
    boost: FOLLOW_BOOST,
  });
  const byCall = calls.map((): ReaderStateRow[] => []);
  for (const { tag, rows: json } of rows)
    byCall[tag] = (JSON.parse(json) as ReaderStateJson[]).map(
      ([contentId, hotScore, lightCount, boosted, isLight, followsAuthor, card]) => ({
        contentId,
        hotScore,
        lightCount,
        boosted,
        isLight,
        followsAuthor,
        card,
      }),
    );
  return byCall;
}

/**
 * One ranked statement: the cards whose rank (`hot_score + boost`) is after the keyset bound,
 * highest first. 'all' (a visitor) and 'others' have no boost: their bound is the hot index's own
 * `(hot_score, id)`, so a deep page starts where the bound is instead of reading every card above
 * it. 'followed' starts from the viewer's follows and reads, per followed author, at most `limit`
 * of their contents from the author's hot index (a LATERAL top-N, merged here), so its cost grows
 * with what the viewer follows, not with every content there is nor with how deep the page is.
 */
function rankedStatement(db: ReadDb, type: number | null, slice: Slice, name: string) {
  if (slice === 'followed') {
    // The first `limit` of them all; only these are joined to their card's columns.
    const picked = followedTop(db, type).as('picked');
    return db
      .select({
        ...feedCardColumns(sql.placeholder('viewerId')),
        rank: sql<number>`${picked.hotScore} + ${boost}`.mapWith(Number),
      })
      .from(picked)
      .innerJoin(contents, eq(contents.id, picked.id))
      .innerJoin(users, eq(users.id, contents.authorId))
      .orderBy(desc(picked.hotScore), desc(picked.id))
      .prepare(name);
  }
  const columns = {
    ...feedCardColumns(sql.placeholder('viewerId')),
    rank: sql<number>`${contents.hotScore}`.mapWith(Number),
  };
  const after = sql`${ofType(type)} and ${shown} and (${contents.hotScore}, ${contents.id}) < (${rankBefore}, ${idBefore})`;
  return db
    .select(columns)
    .from(contents)
    .innerJoin(users, eq(users.id, contents.authorId))
    .where(slice === 'others' ? sql`${notFollowed} and ${after}` : after)
    .orderBy(desc(contents.hotScore), desc(contents.id))
    .limit(sql.placeholder('limit'))
    .prepare(name);
}

/**
 * Readers' pages at most two statements at a time per read route (the database's two cores on
 * the bench's machine); the pages that come meanwhile share the next, up to 64.
 */
const READER_STATES = { inFlight: 2, maxItems: 64 } as const;

/** {@link readerStates} behind a {@link Coalescer}: `execute` is one reader's call. */
function coalesced(statement: ReturnType<typeof readerStatesStatement>) {
  const coalescer = new Coalescer(
    (calls: ReaderStateCall[], route: string) => onReadRoute(route, () => readerStates(statement, calls)),
    READER_STATES,
  );
  return { execute: (call: ReaderStateCall) => coalescer.load(call, readRouteKey()) };
}

/** Prepared statements of the content domain, of every type (null) or of one (its own names). */
export function createContentQueries(db: ReadDb, type: number | null = null) {
  const name = (base: string) => (type === null ? base : `${base}_type${type}`);
  return {
    /** Ranked cards for a visitor: every content. */
    rankedAll: rankedStatement(db, type, 'all', name('feed_ranked_all')),
    /** Ranked cards by authors the viewer follows, their rank raised by the follow boost. */
    rankedFollowed: rankedStatement(db, type, 'followed', name('feed_ranked_followed')),
    /** Ranked cards by everyone the viewer does not follow. */
    rankedOthers: rankedStatement(db, type, 'others', name('feed_ranked_others')),
    /**
     * A reader's followed cards and their state on the visitors' page (readerRankedPage), the
     * concurrent readers' pages of the same read route in one statement.
     */
    readerState: coalesced(readerStatesStatement(db, type, name('feed_reader_states'))),
  };
}

export type ContentQueries = ReturnType<typeof createContentQueries>;

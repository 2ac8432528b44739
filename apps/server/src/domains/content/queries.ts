import { desc, eq, sql } from 'drizzle-orm';
import type { ReadDb } from '../../db/client';
import { contents, follows, users } from '../../db/schema';
import { feedCardColumns } from './cards';

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
const rankFloor = sql`${sql.placeholder('rankFloor')}::double precision`;

/**
 * The viewer's followed authors' first `limit` contents after the keyset bound, by boosted rank:
 * per followed author at most `limit` from the author's hot index (a LATERAL top-N), merged.
 */
function followedTop(db: ReadDb, type: number | null, floored = false) {
  // The rank is hot_score + boost in floating point: the index is bounded a hair above
  // rankBefore - boost (never below a row the exact comparison keeps), the comparison decides.
  const loose = sql`${contents.hotScore} <= ${rankBefore} - ${boost} + 1e-9 * (1 + abs(${rankBefore}))`;
  // A reader's page keeps no followed card ranked below the shared page's last (`rankFloor`):
  // bounded a hair below it too, each author's walk reads only the page's window of their hot
  // index, not `limit` of their contents (399 index rows for 19 authors, 0.25 ms of 0.43).
  const floor = floored
    ? sql` and ${contents.hotScore} >= ${rankFloor} - ${boost} - 1e-9 * (1 + abs(${rankFloor}))`
    : sql``;
  // One followed author's first `limit` after the bound: an index-only walk of their hot index.
  const top = db
    .select({ id: contents.id, hotScore: contents.hotScore })
    .from(contents)
    .where(
      sql`${contents.authorId} = ${follows.followeeId} and ${ofType(type)} and ${shown} and ${loose}${floor}
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

/**
 * A reader's ranked page beside the visitors' shared one (issue 33 point 1), in one statement:
 * the cards of the followed authors' first `limit` after the bound (`boosted`), and the cards of
 * the shared page's contents (`shared`, an integer array literal) with the reader's light, their
 * follow of the author and the present light count; each row read by its primary key.
 */
function readerStatement(db: ReadDb, type: number | null, name: string) {
  const picked = db.$with('picked').as(followedTop(db, type, true));
  const pickedIds = sql`select ${picked.id} from ${picked}`;
  return db
    .with(picked)
    .select({
      ...feedCardColumns(sql.placeholder('viewerId')),
      hotScore: sql<number>`${contents.hotScore}`.mapWith(Number),
      boosted: sql<boolean>`${contents.id} in (${pickedIds})`,
      followsAuthor: sql<boolean>`exists (select 1 from ${follows} where ${follows.followerId} = ${sql.placeholder('viewerId')} and ${follows.followeeId} = ${contents.authorId})`,
    })
    .from(contents)
    .innerJoin(users, eq(users.id, contents.authorId))
    .where(
      sql`${contents.id} in (${pickedIds} union all select unnest(${sql.placeholder('shared')}::integer[])) and ${shown}`,
    )
    .prepare(name);
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
    /** A reader's followed cards and their state on the visitors' page (readerRankedPage). */
    readerState: readerStatement(db, type, name('feed_reader_state')),
  };
}

export type ContentQueries = ReturnType<typeof createContentQueries>;

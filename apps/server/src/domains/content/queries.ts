import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contents, follows, users } from '../../db/schema';
import { feedCardColumns } from './cards';

/** Contents by authors the viewer does not follow. */
const notFollowed = sql`not exists (select 1 from ${follows} where ${follows.followerId} = ${sql.placeholder('viewerId')} and ${follows.followeeId} = ${contents.authorId})`;
/** -1 for every type, else one content type (the hot-video list asks for videos). */
const ofType = sql`(${sql.placeholder('contentType')}::integer < 0 or ${contents.contentType} = ${sql.placeholder('contentType')}::integer)`;

/** Which contents a ranked statement reads. */
type Slice = 'all' | 'followed' | 'others';

/**
 * One ranked statement: the cards whose rank (`hot_score + boost`) is after the keyset bound,
 * highest first. 'all' (a visitor) and 'others' walk the hot index; 'followed' starts from the
 * viewer's follows and reads only those authors' contents (author index), so its cost grows with
 * what the viewer follows, not with every content there is.
 */
function rankedStatement(db: Db, slice: Slice, name: string) {
  const boost = slice === 'followed' ? sql.placeholder('boost') : 0;
  const rank = sql`${contents.hotScore} + ${boost}::double precision`;
  const columns = {
    ...feedCardColumns(sql.placeholder('viewerId')),
    rank: sql<number>`${rank}`.mapWith(Number),
  };
  const after = sql`${ofType} and (${rank}, ${contents.id}) < (${sql.placeholder('rankBefore')}::double precision, ${sql.placeholder('idBefore')}::integer)`;
  const base =
    slice === 'followed'
      ? db
          .select(columns)
          .from(follows)
          .innerJoin(contents, eq(contents.authorId, follows.followeeId))
          .innerJoin(users, eq(users.id, contents.authorId))
          .where(sql`${follows.followerId} = ${sql.placeholder('viewerId')} and ${after}`)
      : db
          .select(columns)
          .from(contents)
          .innerJoin(users, eq(users.id, contents.authorId))
          .where(slice === 'others' ? sql`${notFollowed} and ${after}` : after);
  return base
    .orderBy(desc(contents.hotScore), desc(contents.id))
    .limit(sql.placeholder('limit'))
    .prepare(name);
}

/** Prepared statements of the content domain. */
export function createContentQueries(db: Db) {
  return {
    /** Ranked cards for a visitor: every content. */
    rankedAll: rankedStatement(db, 'all', 'feed_ranked_all'),
    /** Ranked cards by authors the viewer follows, their rank raised by the follow boost. */
    rankedFollowed: rankedStatement(db, 'followed', 'feed_ranked_followed'),
    /** Ranked cards by everyone the viewer does not follow. */
    rankedOthers: rankedStatement(db, 'others', 'feed_ranked_others'),
  };
}

export type ContentQueries = ReturnType<typeof createContentQueries>;

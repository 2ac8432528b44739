import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contents, follows, users } from '../../db/schema';
import { feedCardColumns } from './cards';

/** Contents by authors the viewer follows (none for the placeholder viewer -1). */
const byFollowed = sql`exists (select 1 from ${follows} where ${follows.followerId} = ${sql.placeholder('viewerId')} and ${follows.followeeId} = ${contents.authorId})`;
/** -1 for every type, else one content type (the hot-video list asks for videos). */
const ofType = sql`(${sql.placeholder('contentType')}::integer < 0 or ${contents.contentType} = ${sql.placeholder('contentType')}::integer)`;

/**
 * One ranked statement: the cards whose rank (`hot_score + boost`) is after the keyset bound, in
 * the hot index's order. `followed` picks the viewer's followed authors or everyone else.
 */
function rankedStatement(db: Db, followed: boolean, name: string) {
  const boost = followed ? sql.placeholder('boost') : 0;
  return db
    .select({
      ...feedCardColumns(sql.placeholder('viewerId')),
      rank: sql<number>`${contents.hotScore} + ${boost}::double precision`.mapWith(Number),
    })
    .from(contents)
    .innerJoin(users, eq(users.id, contents.authorId))
    .where(
      sql`${followed ? byFollowed : sql`not ${byFollowed}`} and ${ofType} and (${contents.hotScore} + ${boost}::double precision, ${contents.id}) < (${sql.placeholder('rankBefore')}::double precision, ${sql.placeholder('idBefore')}::integer)`,
    )
    .orderBy(desc(contents.hotScore), desc(contents.id))
    .limit(sql.placeholder('limit'))
    .prepare(name);
}

/** Prepared statements of the content domain. */
export function createContentQueries(db: Db) {
  return {
    /** Ranked cards by authors the viewer follows, their rank raised by the follow boost. */
    rankedFollowed: rankedStatement(db, true, 'feed_ranked_followed'),
    /** Ranked cards by everyone else (everyone, for a visitor). */
    rankedOthers: rankedStatement(db, false, 'feed_ranked_others'),
  };
}

export type ContentQueries = ReturnType<typeof createContentQueries>;

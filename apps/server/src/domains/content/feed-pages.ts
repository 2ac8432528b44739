import type { FeedPage } from '@h5/contract';
import { desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contents, users } from '../../db/schema';
import { cardsPage, feedCardColumns, keysetAfter, NO_VIEWER } from './cards';
import { decodeRankCursor, encodeRankCursor } from './cursor';
import type { ContentQueries } from './queries';

export interface PageInput {
  lastId?: string | undefined;
  limit: number;
}

/**
 * How much following an author raises their contents' rank: two units of hot score, as much as
 * a hundred times the lights or 25 hours of freshness.
 */
export const FOLLOW_BOOST = 2;
/** Above every rank: the first page's bound. */
const RANK_START = { rank: 1e300, id: 2_147_483_647 } as const;
/** Any content type. */
const ALL_TYPES = -1;

/**
 * One page of a ranked list (the recommend feed, the hot videos): contents by hot score (lights
 * and freshness, see the schema), those by authors the viewer follows raised by
 * {@link FOLLOW_BOOST}. For a reader, two statements, followed and the rest, merged here: the
 * top `limit + 1` of the union is within the top `limit + 1` of each. A visitor follows no one:
 * one statement over everything.
 */
export async function rankedPage(
  queries: ContentQueries,
  input: PageInput,
  viewerId: number | null,
  contentType: number = ALL_TYPES,
): Promise<FeedPage> {
  const bound = input.lastId ? decodeRankCursor(input.lastId) : RANK_START;
  const params = {
    viewerId: viewerId ?? NO_VIEWER,
    contentType,
    rankBefore: bound.rank,
    idBefore: bound.id,
    limit: input.limit + 1,
  };
  const [followed, others] =
    viewerId === null
      ? [[], await queries.rankedAll.execute(params)]
      : await Promise.all([
          queries.rankedFollowed.execute({ ...params, boost: FOLLOW_BOOST }),
          queries.rankedOthers.execute(params),
        ]);
  const rows = [...followed, ...others]
    .sort((a, b) => b.rank - a.rank || b.contentId - a.contentId)
    .slice(0, input.limit + 1);
  return cardsPage(rows, input.limit, (row) => encodeRankCursor({ rank: row.rank, id: row.contentId }));
}

/**
 * One page of cards matching `filter` (a user's contents, a category, new products), newest
 * first with its cursor, so every list draws the same FeedCard.
 */
export async function filteredFeedPage(
  db: Db,
  filter: SQL,
  input: PageInput,
  viewerId: number | null,
): Promise<FeedPage> {
  const { beforeAt, beforeId } = keysetAfter(input.lastId);
  const rows = await db
    .select(feedCardColumns(viewerId ?? NO_VIEWER))
    .from(contents)
    .innerJoin(users, eq(users.id, contents.authorId))
    .where(
      sql`${filter} and (${contents.createdAt}, ${contents.id}) < (${beforeAt}::timestamptz, ${beforeId}::integer)`,
    )
    .orderBy(desc(contents.createdAt), desc(contents.id))
    .limit(input.limit + 1);
  return cardsPage(rows, input.limit);
}

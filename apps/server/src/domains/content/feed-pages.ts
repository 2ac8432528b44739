import type { FeedPage, PageQuery } from '@h5/contract';
import { and, eq, type SQL } from 'drizzle-orm';
import type { ReadDb } from '../../db/client';
import { decodeRankCursor, encodeRankCursor } from '../../db/cursor';
import { pageFrom, rowsToRead, timeKeyset } from '../../db/keyset';
import { contents, users } from '../../db/schema';
import { feedCardColumns, NO_VIEWER, toCard } from './cards';
import type { ContentQueries } from './queries';
import { visibleContent } from './visible';

/** The newest-first order of contents. */
const newestContents = timeKeyset(contents.createdAt, contents.id);

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
  input: PageQuery,
  viewerId: number | null,
  contentType: number = ALL_TYPES,
): Promise<FeedPage> {
  const bound = input.lastId ? decodeRankCursor(input.lastId) : RANK_START;
  const params = {
    viewerId: viewerId ?? NO_VIEWER,
    contentType,
    rankBefore: bound.rank,
    idBefore: bound.id,
    limit: rowsToRead(input),
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
    .slice(0, rowsToRead(input));
  const page = pageFrom(rows, input.limit, (row) => encodeRankCursor({ rank: row.rank, id: row.contentId }));
  return { ...page, list: page.list.map(toCard) };
}

/**
 * One page of cards matching `filter` (a user's contents, a category, new products), newest
 * first with its cursor, so every list draws the same FeedCard; `visible` widens what is shown
 * (the author's own home includes their contents under review).
 */
export async function filteredFeedPage(
  db: ReadDb,
  filter: SQL,
  input: PageQuery,
  viewerId: number | null,
  visible: SQL = visibleContent,
): Promise<FeedPage> {
  const rows = await db
    .select(feedCardColumns(viewerId ?? NO_VIEWER))
    .from(contents)
    .innerJoin(users, eq(users.id, contents.authorId))
    .where(and(filter, visible, newestContents.after(input.lastId)))
    .orderBy(...newestContents.orderBy)
    .limit(rowsToRead(input));
  const page = pageFrom(rows, input.limit, (row) => newestContents.cursor(row.createdAt, row.contentId));
  return { ...page, list: page.list.map(toCard) };
}

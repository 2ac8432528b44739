import type { FeedCard, FeedPage, PageQuery } from '@h5/contract';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { ReadDb } from '../../db/client';
import { decodeRankCursor, encodeRankCursor } from '../../db/cursor';
import { pageFrom, rowsToRead, timeKeyset } from '../../db/keyset';
import { contents, follows, users } from '../../db/schema';
import { feedCardColumns, NO_VIEWER, toCard } from './cards';
import { type ContentQueries, FOLLOW_BOOST } from './queries';

import { visibleContent } from './visible';

/** The newest-first order of contents. */
const newestContents = timeKeyset(contents.createdAt, contents.id);

/** Above every rank: the first page's bound. */
const RANK_START = { rank: 1e300, id: 2_147_483_647 } as const;
/** Below every rank: the last page's floor (nothing after it to leave out). */
const RANK_FLOOR = -1e300;

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
): Promise<FeedPage> {
  const bound = input.lastId ? decodeRankCursor(input.lastId) : RANK_START;
  const params = {
    viewerId: viewerId ?? NO_VIEWER,
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
 * A reader's page of a ranked list from the visitors' page at the same bound (`shared`, from the
 * visitors' cache) and one statement (queries.readerState): the followed authors' contents,
 * raised by {@link FOLLOW_BOOST}, merged with the shared cards by authors the reader does not
 * follow, each with the reader's light and the present light count (their own light shows at
 * once, whatever the cache holds). Below the shared page's last card the others are unknown, so
 * the page ends there: it may hold fewer than `limit` cards (when the reader follows authors of
 * the shared page), with `hasMore` and a cursor as usual; never none while there is more.
 */
export async function readerRankedPage(
  queries: ContentQueries,
  shared: FeedPage,
  input: PageQuery,
  viewerId: number,
): Promise<FeedPage> {
  const bound = input.lastId ? decodeRankCursor(input.lastId) : RANK_START;
  const cut = shared.hasMore && shared.lastId ? decodeRankCursor(shared.lastId) : null;
  const rows = await queries.readerState.execute({
    viewerId,
    rankBefore: bound.rank,
    idBefore: bound.id,
    rankFloor: cut ? cut.rank : RANK_FLOOR,
    limit: rowsToRead(input),
    shared: shared.list.map((card) => card.contentId),
  });
  type Ranked = { card: FeedCard; rank: number; id: number };
  const byId = new Map(rows.filter((row) => !row.boosted).map((row) => [row.contentId, row]));
  const followed: Ranked[] = rows.flatMap((row) =>
    row.boosted && row.card
      ? [
          {
            card: toCard({
              ...row.card,
              contentId: row.contentId,
              lightCount: row.lightCount,
              isLight: row.isLight,
            }),
            rank: row.hotScore + FOLLOW_BOOST,
            id: row.contentId,
          },
        ]
      : [],
  );
  const others: Ranked[] = shared.list.flatMap((card) => {
    const row = byId.get(card.contentId);
    // Gone since the shared page was read, or by a followed author (ranked above, boosted).
    if (!row || row.followsAuthor) return [];
    const mine = { ...card, lightCount: row.lightCount, isLight: row.isLight === true };
    return [{ card: mine, rank: row.hotScore, id: row.contentId }];
  });
  const ranked = [...followed, ...others]
    .filter((r) => !cut || r.rank > cut.rank || (r.rank === cut.rank && r.id >= cut.id))
    .sort((a, b) => b.rank - a.rank || b.id - a.id);
  const cursorOf = (r: Ranked) => encodeRankCursor({ rank: r.rank, id: r.id });
  if (ranked.length > input.limit) {
    const list = ranked.slice(0, input.limit);
    return { list: list.map((r) => r.card), hasMore: true, lastId: cursorOf(list.at(-1) as Ranked) };
  }
  // Nothing above the cut (the shared cards all by followed authors, shown boosted before): the
  // reader's own statements, since an empty page with more would stop the client's list.
  if (ranked.length === 0 && shared.hasMore) return rankedPage(queries, input, viewerId);
  // Every followed card above the cut is here; past it, more only where the shared list goes on.
  const last = ranked.at(-1);
  return {
    list: ranked.map((r) => r.card),
    hasMore: shared.hasMore,
    lastId: shared.hasMore ? (last ? cursorOf(last) : shared.lastId) : null,
  };
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

/**
 * The 关注 feed's page (issue 32 point 4): the contents of the authors `viewerId` follows, newest
 * first. Each followee's newest `limit` after the cursor are read from their `contents_author_idx`
 * (a LATERAL top-N, backwards), merged, and only the page's ids are joined to their cards, so
 * the cost grows with the follows, not with their contents: the plain semi-join read 151,801
 * contents for 21 at 100× data (issue 33 point 2).
 */
export async function followedNewestPage(db: ReadDb, viewerId: number, input: PageQuery): Promise<FeedPage> {
  const limit = rowsToRead(input);
  const top = db
    .select({ id: contents.id, createdAt: contents.createdAt })
    .from(contents)
    .where(
      and(
        sql`${contents.authorId} = ${follows.followeeId}`,
        visibleContent,
        newestContents.after(input.lastId),
      ),
    )
    .orderBy(...newestContents.orderBy)
    .limit(limit)
    .as('top');
  const picked = db
    .select({ id: top.id })
    .from(follows)
    .innerJoinLateral(top, sql`true`)
    .where(eq(follows.followerId, viewerId))
    .orderBy(desc(top.createdAt), desc(top.id))
    .limit(limit);
  return filteredFeedPage(db, sql`${contents.id} = any(array(${picked}))`, input, viewerId);
}

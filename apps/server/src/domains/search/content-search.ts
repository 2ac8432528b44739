import type { FeedCard, Page, PageQuery } from '@h5/contract';
import { desc, eq, sql } from 'drizzle-orm';
import type { ReadDb } from '../../db/client';
import { contents, users } from '../../db/schema';
import { feedCardColumns, NO_VIEWER, toCard } from '../content/cards';
import { hotUnindexed, hotWindow, matching, readLearning, type WindowPath } from './hot-window';
import { matchRank, offsetPage } from './match';

/**
 * The hottest matches (the 推荐 feed's `hot_score`: lights and age) that a content search ranks
 * first: its first pages rank this window only, so they cost the same whatever the number of
 * matches (decision 024); a deeper page ranks every match, the window's first.
 */
export const CONTENT_WINDOW = 100;

/** A page past the window: every match (the GIN bitmap), the window's first. */
function deepHits(db: ReadDb, keyword: string, offset: number, take: number) {
  const windowIds = db
    .select({ id: contents.id })
    .from(contents)
    .where(matching(keyword))
    .orderBy(desc(hotUnindexed), desc(contents.id))
    .limit(CONTENT_WINDOW);
  const outside = sql<number>`(${contents.id} not in (${windowIds}))::int`;
  const rank = matchRank(sql`${contents.title}`, keyword);
  return db
    .select({
      id: sql<number>`${contents.id}`.as('hit_id'),
      outside: outside.as('hit_outside'),
      rank: rank.as('hit_rank'),
      windowSize: sql<number>`${CONTENT_WINDOW}`.as('hit_window'),
    })
    .from(contents)
    .where(matching(keyword))
    .orderBy(outside, rank, desc(contents.lightCount), desc(contents.id))
    .limit(take)
    .offset(offset)
    .as('hits');
}

/**
 * The query of one page of content results (exported for the plan test). The order: the
 * {@link CONTENT_WINDOW} hottest matches, then the others; within each, title matches first
 * (equal, prefix, inside, then body only), then lights, then newest. Each row carries the
 * window's size, which tells a walk that gave up (fewer than the window) from a full one.
 */
export function contentSearchQuery(
  db: ReadDb,
  keyword: string,
  viewerId: number | null,
  offset: number,
  take: number,
  path: WindowPath = 'gin',
) {
  let hits: ReturnType<typeof deepHits>;
  if (offset + take <= CONTENT_WINDOW) {
    const win = hotWindow(db, keyword, CONTENT_WINDOW, path);
    const rank = matchRank(sql`${win.title}`, keyword);
    hits = db
      .select({
        id: sql<number>`${win.id}`.as('hit_id'),
        outside: sql<number>`0`.as('hit_outside'),
        rank: rank.as('hit_rank'),
        windowSize: sql<number>`(count(*) over ())::int`.as('hit_window'),
      })
      .from(win)
      .orderBy(rank, desc(win.lights), desc(win.id))
      .limit(take)
      .offset(offset)
      .as('hits');
  } else hits = deepHits(db, keyword, offset, take);
  // Only the page's rows are joined to their authors and the viewer's lights.
  return db
    .select({ ...feedCardColumns(viewerId ?? NO_VIEWER), windowSize: hits.windowSize })
    .from(hits)
    .innerJoin(contents, eq(contents.id, hits.id))
    .innerJoin(users, eq(users.id, contents.authorId))
    .orderBy(hits.outside, hits.rank, desc(contents.lightCount), desc(contents.id));
}

/**
 * A page of content results ({@link contentSearchQuery}). A first page walks the hot index unless
 * the keyword's last walk gave up; a walk that gives up is read again from the GIN index.
 */
export function searchContents(
  db: ReadDb,
  keyword: string,
  page: PageQuery,
  viewerId: number | null,
): Promise<Page<FeedCard>> {
  return offsetPage(
    page,
    (offset, take) =>
      offset + take > CONTENT_WINDOW
        ? contentSearchQuery(db, keyword, viewerId, offset, take)
        : readLearning(
            `doc:${keyword}`,
            (path) => contentSearchQuery(db, keyword, viewerId, offset, take, path),
            (rows) => rows[0]?.windowSize === CONTENT_WINDOW,
          ),
    toCard,
  );
}

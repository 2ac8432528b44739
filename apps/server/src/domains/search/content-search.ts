import type { FeedCard, Page, PageQuery } from '@h5/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { ReadDb } from '../../db/client';
import { contents, users } from '../../db/schema';
import { feedCardColumns, NO_VIEWER, toCard } from '../content/cards';
import { visibleContent } from '../content/visible';
import { contentDoc, gramsHold, matchRank, offsetPage, wordsInside } from './match';

/**
 * The hottest matches (the 推荐 feed's `hot_score`: lights and age) that a content search ranks
 * first: its first pages rank this window only, so they cost the same whatever the number of
 * matches (decision 024); a deeper page ranks every match, the window's first.
 */
export const CONTENT_WINDOW = 100;

/**
 * Rows of `contents_hot_idx` a window walk reads at most. A word in at least one content in 20
 * (CONTENT_WINDOW / WALK_ROWS) fills the window within them at any size of the table; a rarer one
 * gives up and reads the GIN index instead, whose matches are then few.
 */
export const WALK_ROWS = 2000;

/** How a keyword's window is read: walking the hot index, or the GIN bitmap (decision 024). */
export type WindowPath = 'walk' | 'gin';

/**
 * What each keyword's last walk showed, so a rare word does not walk again: a few hundred
 * keywords, forgotten after ten minutes (a word's share of contents moves slowly).
 */
const learnedPaths = new Map<string, { path: WindowPath; at: number }>();
const LEARNED_MAX = 500;
const LEARNED_MS = 10 * 60_000;

function learnedPath(keyword: string): WindowPath {
  const learned = learnedPaths.get(keyword);
  return learned && Date.now() - learned.at < LEARNED_MS ? learned.path : 'walk';
}

function learn(keyword: string, path: WindowPath) {
  learnedPaths.delete(keyword);
  if (learnedPaths.size >= LEARNED_MAX) learnedPaths.delete(learnedPaths.keys().next().value as string);
  learnedPaths.set(keyword, { path, at: Date.now() });
}

/** Visible contents holding the keyword: the GIN gram test and each word whole. */
const matching = (keyword: string) =>
  and(visibleContent, gramsHold(contentDoc, keyword), wordsInside(contentDoc, keyword));

/**
 * `hot_score` as an expression no index orders: reading the GIN bitmap, the planner would otherwise
 * walk `contents_hot_idx` computing `search_grams` for each row (300 ms at 10× data for a common
 * word, measured), where the bitmap and a top-N sort of the matches take a few.
 */
const hotUnindexed = sql`(${contents.hotScore} + 0)`;

/**
 * The window's rows. `gin`: the matches from the GIN bitmap, the hottest kept. `walk`: the first
 * {@link WALK_ROWS} visible contents down `contents_hot_idx`, tested with `strpos` alone (a word
 * whole in the text holds its grams, so this is the same test; `search_grams` per row would cost
 * 0.6 ms each); complete only when it fills the window.
 */
function windowRows(db: ReadDb, keyword: string, path: WindowPath) {
  const columns = {
    id: sql<number>`${contents.id}`.as('win_id'),
    title: sql<string>`${contents.title}`.as('win_title'),
    lights: sql<number>`${contents.lightCount}`.as('win_lights'),
    hot: sql<number>`${contents.hotScore}`.as('win_hot'),
  };
  if (path === 'gin')
    return db
      .select(columns)
      .from(contents)
      .where(matching(keyword))
      .orderBy(desc(hotUnindexed), desc(contents.id))
      .limit(CONTENT_WINDOW)
      .as('win');
  const walked = db
    .select({ ...columns, doc: sql<string>`${contentDoc}`.as('win_doc') })
    .from(contents)
    .where(visibleContent)
    .orderBy(desc(contents.hotScore), desc(contents.id))
    .limit(WALK_ROWS)
    .as('walked');
  return db
    .select({ id: walked.id, title: walked.title, lights: walked.lights, hot: walked.hot })
    .from(walked)
    .where(wordsInside(sql`${walked.doc}`, keyword, true))
    .orderBy(desc(walked.hot), desc(walked.id))
    .limit(CONTENT_WINDOW)
    .as('win');
}

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
    const win = windowRows(db, keyword, path);
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
    async (offset, take) => {
      if (offset + take > CONTENT_WINDOW) return contentSearchQuery(db, keyword, viewerId, offset, take);
      const path = learnedPath(keyword);
      const rows = await contentSearchQuery(db, keyword, viewerId, offset, take, path);
      if (path === 'gin') return rows;
      const full = rows.length > 0 && rows[0]?.windowSize === CONTENT_WINDOW;
      if (full) return rows;
      learn(keyword, 'gin');
      return contentSearchQuery(db, keyword, viewerId, offset, take, 'gin');
    },
    toCard,
  );
}

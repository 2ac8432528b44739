import { and, desc, type SQL, sql } from 'drizzle-orm';
import type { ReadDb } from '../../db/client';
import { contents } from '../../db/schema';
import { visibleContent } from '../content/visible';
import { contentDoc, gramsHold, wordsInside } from './match';

/*
 * The windows of decision 024's amendment: the hottest contents holding a keyword, read by walking
 * `contents_hot_idx` (a common word: the cost is flat in the table's size) or from the GIN bitmap
 * (a rare word: its matches are few), the same rows either way.
 */

/**
 * Rows of `contents_hot_idx` a window walk reads at most. A word in at least one content in 20
 * (a window of 100 / WALK_ROWS) fills the window within them at any size of the table; a rarer
 * one gives up and reads the GIN index instead, whose matches are then few.
 */
export const WALK_ROWS = 2000;

/** How a keyword's window is read: walking the hot index, or the GIN bitmap. */
export type WindowPath = 'walk' | 'gin';

/** Where the keyword is looked for: title or body (content results), or the title (suggestions). */
export type WindowField = 'doc' | 'title';

/**
 * What each keyword's last walk showed, so a rare word does not walk again: a few hundred
 * keywords, forgotten after ten minutes (a word's share of contents moves slowly).
 */
const learnedPaths = new Map<string, { path: WindowPath; at: number }>();
const LEARNED_MAX = 500;
const LEARNED_MS = 10 * 60_000;

function learnedPath(key: string): WindowPath {
  const learned = learnedPaths.get(key);
  return learned && Date.now() - learned.at < LEARNED_MS ? learned.path : 'walk';
}

function learn(key: string, path: WindowPath) {
  learnedPaths.delete(key);
  if (learnedPaths.size >= LEARNED_MAX) learnedPaths.delete(learnedPaths.keys().next().value as string);
  learnedPaths.set(key, { path, at: Date.now() });
}

/**
 * Keys: `doc:` or `title:` and the keyword here, `user:` and the keyword for user-search.ts.
 * Reads with the path `key` last showed: a walk first; a walk that did not fill its window (`full`
 * says no) gave up early, so it is read again from GIN and the key is remembered as rare.
 */
export async function readLearning<T>(
  key: string,
  read: (path: WindowPath) => Promise<T>,
  full: (result: T) => boolean,
): Promise<T> {
  const path = learnedPath(key);
  const result = await read(path);
  if (path === 'gin' || full(result)) return result;
  learn(key, 'gin');
  return read('gin');
}

/** Visible contents holding the keyword in `field`: the GIN gram test, then each word whole. */
export const matching = (keyword: string, field: WindowField = 'doc'): SQL =>
  and(
    visibleContent,
    gramsHold(contentDoc, keyword),
    field === 'doc' ? wordsInside(contentDoc, keyword) : wordsInside(sql`${contents.title}`, keyword, true),
  ) as SQL;

/**
 * `hot_score` as an expression no index orders: reading the GIN bitmap, the planner would otherwise
 * walk `contents_hot_idx` computing `search_grams` for each row (300 ms at 10× data for a common
 * word, measured), where the bitmap and a top-N sort of the matches take a few.
 */
export const hotUnindexed = sql`(${contents.hotScore} + 0)`;

/**
 * The `size` hottest contents holding the keyword in `field`, as the subquery `win`. `gin`: the
 * matches from the GIN bitmap, the hottest kept. `walk`: the first {@link WALK_ROWS} visible
 * contents down `contents_hot_idx`, tested with `strpos` alone (a word whole in the text holds
 * its grams, so this is the same test; `search_grams` per row would cost 0.6 ms each); complete
 * only when it fills the window.
 */
export function hotWindow(
  db: ReadDb,
  keyword: string,
  size: number,
  path: WindowPath,
  field: WindowField = 'doc',
) {
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
      .where(matching(keyword, field))
      .orderBy(desc(hotUnindexed), desc(contents.id))
      .limit(size)
      .as('win');
  const text = field === 'doc' ? contentDoc : sql`${contents.title}`;
  const walked = db
    .select({ ...columns, text: sql<string>`${text}`.as('win_text') })
    .from(contents)
    .where(visibleContent)
    .orderBy(desc(contents.hotScore), desc(contents.id))
    .limit(WALK_ROWS)
    .as('walked');
  return db
    .select({ id: walked.id, title: walked.title, lights: walked.lights, hot: walked.hot })
    .from(walked)
    .where(wordsInside(sql`${walked.text}`, keyword, true))
    .orderBy(desc(walked.hot), desc(walked.id))
    .limit(size)
    .as('win');
}

import type { Page, PageQuery, SearchProduct, SearchSuggestion, SearchTopic } from '@h5/contract';
import { SEARCH_SUGGEST_MAX } from '@h5/contract';
import { CONTENT_CATEGORY_NAMES } from '@h5/core';
import { and, desc, inArray, isNotNull, sql } from 'drizzle-orm';
import type { ReadDb } from '../../db/client';
import { contents, products } from '../../db/schema';
import { visibleContent } from '../content/visible';
import { hotWindow, readLearning, type WindowPath } from './hot-window';
import { gramsHold, matchRank, offsetOf, offsetPage, wordsInside } from './match';
import { searchUsers } from './user-search';

/** Products by title: exact, prefix, inside; then the newest spu. */
export function searchProducts(db: ReadDb, keyword: string, page: PageQuery): Promise<Page<SearchProduct>> {
  const title = sql`${products.title}`;
  return offsetPage(
    page,
    (offset, take) =>
      db
        .select({
          spuId: products.spuId,
          title: products.title,
          logoUrl: products.logoUrl,
          price: products.price,
        })
        .from(products)
        .where(and(gramsHold(title, keyword), wordsInside(title, keyword)))
        .orderBy(matchRank(title, keyword), desc(products.spuId))
        .limit(take)
        .offset(offset),
    (row) => row,
  );
}

/** The categories whose name holds every word of the keyword (eight names, matched in memory). */
function matchingCategories(keyword: string): { tagId: number; name: string }[] {
  const words = keyword.toLowerCase().split(/\s+/).filter(Boolean);
  return Object.entries(CONTENT_CATEGORY_NAMES)
    .filter(([, name]) => words.every((w) => name.toLowerCase().includes(w)))
    .map(([tagId, name]) => ({ tagId: Number(tagId), name }));
}

/** How a topic name matches, as {@link matchRank} does in SQL. */
function rankOf(name: string, keyword: string): number {
  const [n, k] = [name.toLowerCase(), keyword.toLowerCase()];
  return n === k ? 0 : n.startsWith(k) ? 1 : n.includes(k) ? 2 : 3;
}

/**
 * Categories and hashtag topics by name: exact, prefix, inside; then their visible contents.
 * Both are few (8 categories, the distinct hashtags that match), so they are ranked and paged in
 * memory after the indexed query.
 */
export async function searchTopics(db: ReadDb, keyword: string, page: PageQuery): Promise<Page<SearchTopic>> {
  const offset = offsetOf(page.lastId);
  const topic = sql`${contents.topic}`;
  const categories = matchingCategories(keyword);
  const [hashtags, categoryCounts] = await Promise.all([
    db
      .select({ name: sql<string>`${contents.topic}`, contentCount: sql<number>`count(*)::int` })
      .from(contents)
      .where(
        and(
          isNotNull(contents.topic),
          visibleContent,
          gramsHold(topic, keyword),
          wordsInside(topic, keyword),
        ),
      )
      .groupBy(contents.topic),
    categories.length === 0
      ? Promise.resolve([])
      : db
          .select({ category: contents.category, contentCount: sql<number>`count(*)::int` })
          .from(contents)
          .where(
            and(
              visibleContent,
              inArray(
                contents.category,
                categories.map((c) => c.tagId),
              ),
            ),
          )
          .groupBy(contents.category),
  ]);
  const counted = new Map(categoryCounts.map((row) => [row.category, row.contentCount]));
  const all: SearchTopic[] = [
    ...categories.map((c) => ({
      kind: 'category' as const,
      tagId: c.tagId,
      name: c.name,
      contentCount: counted.get(c.tagId) ?? 0,
    })),
    ...hashtags.map((h) => ({
      kind: 'hashtag' as const,
      tagId: null,
      name: h.name,
      contentCount: h.contentCount,
    })),
  ].sort((a, b) => rankOf(a.name, keyword) - rankOf(b.name, keyword) || b.contentCount - a.contentCount);
  const list = all.slice(offset, offset + page.limit);
  const hasMore = all.length > offset + page.limit;
  return { list, lastId: hasMore ? String(offset + page.limit) : null, hasMore };
}

/**
 * Title matches a suggestion looks at: the hottest, found by the same walk as content results
 * (decision 024), so typing costs the same whatever the number of contents holding the word; the
 * best titles among them (by match place, then lights) are offered. Fifty, three times the
 * sixteen titles asked.
 */
export const SUGGEST_WINDOW = 50;

/** The {@link SUGGEST_WINDOW} hottest titles holding the keyword, best first. */
export function suggestTitles(db: ReadDb, keyword: string, path: WindowPath) {
  const win = hotWindow(db, keyword, SUGGEST_WINDOW, path, 'title');
  return db
    .select({ title: win.title })
    .from(win)
    .orderBy(matchRank(sql`${win.title}`, keyword), desc(win.lights), desc(win.id));
}

/**
 * Up to 8 suggestions for a keyword being typed: matching topics first, then users, then content
 * titles (most lit first), each lookup cut short so the three index reads stay cheap.
 */
export async function suggest(db: ReadDb, keyword: string): Promise<SearchSuggestion[]> {
  const [topics, people, titles] = await Promise.all([
    searchTopics(db, keyword, { limit: 3 }),
    searchUsers(db, keyword, { limit: 2 }),
    readLearning(
      `title:${keyword}`,
      (path) => suggestTitles(db, keyword, path),
      (rows) => rows.length === SUGGEST_WINDOW,
    ),
  ]);
  const seen = new Set<string>();
  const out: SearchSuggestion[] = [];
  const add = (kind: SearchSuggestion['kind'], text: string) => {
    if (seen.has(text) || out.length >= SEARCH_SUGGEST_MAX) return;
    seen.add(text);
    out.push({ kind, text });
  };
  for (const t of topics.list) add('topic', t.name);
  for (const u of people.list) add('user', u.userName);
  for (const row of titles.slice(0, SEARCH_SUGGEST_MAX * 2)) add('content', row.title);
  return out;
}

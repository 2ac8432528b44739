import type { Page, PageQuery } from '@h5/contract';
import { and, type SQL, sql } from 'drizzle-orm';
import { contents } from '../../db/schema';
import { badRequest } from '../../plugins/errors';
import { SEARCH_MESSAGES } from './messages';

/*
 * Matching (docs/decisions/024-search.md): `search_grams(text) @> search_query_grams(keyword)` is
 * what the GIN indexes answer (every 2-character gram of the keyword is in the text); the
 * `strpos` recheck then keeps only texts that hold each word of the keyword whole. The indexed
 * expressions must be written here exactly as in migration 0035.
 */
export const contentDoc = sql`(${contents.title} || ' ' || ${contents.body})`;

/** The GIN-indexed gram test of `doc` (an indexed expression's argument) for `keyword`. */
export const gramsHold = (doc: SQL, keyword: string) =>
  sql`search_grams(${doc}) @> search_query_grams(${keyword}::text)`;

/**
 * Every word of `keyword` is inside `text` (lower-cased as the grams are, unless the word has no
 * case). A keyword of one word of one or two characters needs no check after the gram test: its
 * one gram in the text's grams is the word itself (the bench's common `复古` skips a `strpos` per
 * match). `always`: no gram test came first (a walk of the hot index), or `text` is not what the
 * grams were made of (suggestions check the title of a title-or-body match).
 */
export function wordsInside(text: SQL, keyword: string, always = false): SQL | undefined {
  const words = keyword.split(/\s+/).filter(Boolean);
  if (!always && words.length === 1 && [...(words[0] as string)].length <= 2) return undefined;
  return and(
    ...words.map((word) =>
      caseless(word)
        ? sql`strpos(${text}, ${word}::text) > 0`
        : sql`strpos(lower(${text}), lower(${word}::text)) > 0`,
    ),
  );
}

/**
 * A word no case mapping changes (Chinese, digits): found in a text as it is, without lowering
 * the text, which is most of a walk's cost (3.4 ms of a 2000-row walk against 0.8 ms, measured).
 */
const caseless = (word: string) => word.toLowerCase() === word && word.toUpperCase() === word;

/** 0 exact, 1 prefix, 2 inside, 3 elsewhere: how `text` matches the keyword (lower-cased). */
export const matchRank = (text: SQL, keyword: string) =>
  sql<number>`case when lower(${text}) = lower(${keyword}::text) then 0 when starts_with(lower(${text}), lower(${keyword}::text)) then 1 when strpos(lower(${text}), lower(${keyword}::text)) > 0 then 2 else 3 end`;

/** The offset a page starts at: `lastId` is the offset the previous page ended at. */
export function offsetOf(lastId: string | undefined): number {
  if (lastId === undefined || lastId === '') return 0;
  if (!/^\d{1,6}$/.test(lastId)) throw badRequest('lastId', SEARCH_MESSAGES.badPage);
  return Number(lastId);
}

/** Fetches limit+1 rows at the offset and answers the page with `hasMore`. */
export async function offsetPage<R, T>(
  page: PageQuery,
  fetch: (offset: number, take: number) => Promise<R[]>,
  map: (row: R) => T,
): Promise<Page<T>> {
  const offset = offsetOf(page.lastId);
  const rows = await fetch(offset, page.limit + 1);
  const hasMore = rows.length > page.limit;
  return {
    list: rows.slice(0, page.limit).map(map),
    lastId: hasMore ? String(offset + page.limit) : null,
    hasMore,
  };
}

import type { Page } from '@h5/contract';
import { asc, type Column, desc, type SQL, sql } from 'drizzle-orm';
import { decodeCursor, encodeCursor } from './cursor';

/**
 * How many rows a page reads: one more than it shows. The extra row is never shown; it only
 * says that another page follows.
 */
export const rowsToRead = (query: { limit: number }): number => query.limit + 1;

/**
 * The page of rows read with {@link rowsToRead}: the extra row cut, `lastId` the cursor after
 * the last row shown (null on the last page).
 */
export function pageFrom<R>(rows: readonly R[], limit: number, cursorOf: (row: R) => string): Page<R> {
  const hasMore = rows.length > limit;
  const list = rows.slice(0, limit);
  const last = list.at(-1);
  return { list, lastId: hasMore && last !== undefined ? cursorOf(last) : null, hasMore };
}

/**
 * The keyset of a list ordered by (a time column, an integer id column), newest first unless
 * told: its order, the condition of the rows after an opaque `lastId`, and the cursor of a row.
 * One row comparison, so an index on (time, id) serves it.
 */
export function timeKeyset(time: Column, id: Column, direction: 'desc' | 'asc' = 'desc') {
  const by = direction === 'desc' ? desc : asc;
  return {
    orderBy: [by(time), by(id)] as const,
    /** The rows after `lastId` (undefined, every row, without one); a forged one is a 400. */
    after(lastId: string | undefined): SQL | undefined {
      if (!lastId) return undefined;
      const cursor = decodeCursor(lastId);
      const bound = sql`(${new Date(cursor.createdAtMs).toISOString()}::timestamptz, ${cursor.id}::integer)`;
      return direction === 'desc' ? sql`(${time}, ${id}) < ${bound}` : sql`(${time}, ${id}) > ${bound}`;
    },
    /** The opaque `lastId` after a row. */
    cursor: (at: Date, rowId: number): string => encodeCursor({ createdAtMs: at.getTime(), id: rowId }),
  };
}

import { asc, desc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testDatabase } from '../test-utils';
import { pageFrom, rowsToRead, timeKeyset } from './keyset';
import { contents } from './schema';

const row = (id: number) => ({ id, at: new Date(Date.UTC(2026, 0, id)) });

describe('the keyset helper (issue 13 point 4)', () => {
  it('reads one row more than a page shows', () => {
    expect(rowsToRead({ limit: 20 })).toBe(21);
  });

  it('a page cuts the extra row and its lastId is the cursor of its last row', () => {
    const page = pageFrom([row(3), row(2), row(1)], 2, (r) => `after-${r.id}`);
    expect(page).toEqual({ list: [row(3), row(2)], lastId: 'after-2', hasMore: true });
  });

  it('the last page has no lastId', () => {
    expect(pageFrom([row(3), row(2)], 2, (r) => `after-${r.id}`)).toEqual({
      list: [row(3), row(2)],
      lastId: null,
      hasMore: false,
    });
    expect(pageFrom([], 2, () => 'x')).toEqual({ list: [], lastId: null, hasMore: false });
  });

  it('walks a table newest first in pages, each row once, in the same order as one read', async () => {
    const { db } = await testDatabase();
    const keyset = timeKeyset(contents.createdAt, contents.id);
    const all = await db
      .select({ id: contents.id })
      .from(contents)
      .orderBy(desc(contents.createdAt), desc(contents.id));
    const seen: number[] = [];
    let lastId: string | undefined;
    for (let i = 0; i < 1000; i += 1) {
      const rows = await db
        .select({ id: contents.id, at: contents.createdAt })
        .from(contents)
        .where(keyset.after(lastId))
        .orderBy(...keyset.orderBy)
        .limit(rowsToRead({ limit: 7 }));
      const page = pageFrom(rows, 7, (r) => keyset.cursor(r.at, r.id));
      seen.push(...page.list.map((r) => r.id));
      if (!page.hasMore) break;
      lastId = page.lastId ?? undefined;
    }
    expect(all.length).toBeGreaterThan(7);
    expect(seen).toEqual(all.map((r) => r.id));
  });

  it('walks oldest first when asked', async () => {
    const { db } = await testDatabase();
    const keyset = timeKeyset(contents.createdAt, contents.id, 'asc');
    const all = await db
      .select({ id: contents.id })
      .from(contents)
      .orderBy(asc(contents.createdAt), asc(contents.id));
    const first = await db
      .select({ id: contents.id, at: contents.createdAt })
      .from(contents)
      .orderBy(...keyset.orderBy)
      .limit(rowsToRead({ limit: 2 }));
    const page = pageFrom(first, 2, (r) => keyset.cursor(r.at, r.id));
    const next = await db
      .select({ id: contents.id })
      .from(contents)
      .where(keyset.after(page.lastId ?? undefined))
      .orderBy(...keyset.orderBy)
      .limit(1);
    expect(next.map((r) => r.id)).toEqual([all[2]?.id]);
  });

  it('a lastId the server never issued is a 400 naming the field', () => {
    const keyset = timeKeyset(contents.createdAt, contents.id);
    expect(() => keyset.after('not a cursor')).toThrowError(
      expect.objectContaining({ code: 400, message: 'lastId: 游标无效' }),
    );
  });
});

import type { Db } from '../db/client';
import { contents } from '../db/schema';

/**
 * Dated long before the seed: contents a test needs only as things to light, pick or count stay
 * out of the top of the recommend feed, whose order other tests read (feeds.test.ts).
 */
export const LONG_AGO = new Date('2020-01-01T00:00:00Z');

type ContentValues = Partial<typeof contents.$inferInsert>;

/** `count` NoPic contents of `authorId`, dated {@link LONG_AGO} unless `values` say; their ids in order. */
export async function insertTestContents(
  db: Db,
  authorId: number,
  count: number,
  values: (i: number) => ContentValues = () => ({}),
): Promise<number[]> {
  if (count === 0) return [];
  const rows = await db
    .insert(contents)
    .values(
      Array.from({ length: count }, (_, i) => ({
        authorId,
        contentType: 2 as const,
        title: `测试内容 ${i}`,
        body: '正文',
        createdAt: LONG_AGO,
        ...values(i),
      })),
    )
    .returning({ id: contents.id });
  return rows.map((r) => r.id);
}

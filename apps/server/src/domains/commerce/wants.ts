import { and, count, eq, inArray } from 'drizzle-orm';
import type { Db, ReadDb } from '../../db/client';
import { products, productWants } from '../../db/schema';
import { notFound } from '../../plugins/errors';

/** The viewer's want state per product (spec §3 `isCollection`: 1 wanted, 0 not; a visitor wants nothing). */
export async function wantStates(
  db: ReadDb,
  viewerId: number | null,
  spuIds: readonly number[],
): Promise<Map<number, 0 | 1>> {
  const states = new Map<number, 0 | 1>(spuIds.map((spuId) => [spuId, 0]));
  if (viewerId === null || spuIds.length === 0) return states;
  const rows = await db
    .select({ spuId: productWants.spuId })
    .from(productWants)
    .where(and(eq(productWants.userId, viewerId), inArray(productWants.spuId, [...spuIds])));
  for (const row of rows) states.set(row.spuId, 1);
  return states;
}

/** Wants (or un-wants) a product: one row per user and product, so repeats and races change nothing more. */
export async function setWant(db: Db, userId: number, spuId: number, want: boolean) {
  const [product] = await db
    .select({ spuId: products.spuId })
    .from(products)
    .where(eq(products.spuId, spuId));
  if (!product) throw notFound('商品不存在');
  if (want) await db.insert(productWants).values({ userId, spuId }).onConflictDoNothing();
  else
    await db.delete(productWants).where(and(eq(productWants.userId, userId), eq(productWants.spuId, spuId)));
  const [wanted] = await db.select({ n: count() }).from(productWants).where(eq(productWants.spuId, spuId));
  return { spuId, isCollection: want ? (1 as const) : (0 as const), wantCount: wanted?.n ?? 0 };
}

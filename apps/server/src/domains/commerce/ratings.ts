import type { ProductCard } from '@h5/contract';
import { inArray, sql } from 'drizzle-orm';
import type { ReadDb } from '../../db/client';
import { shoeEvaluations } from '../../db/schema';
import { wantStates } from './wants';

/** A card's dpInfo when nobody evaluated the product: no score (the card says 暂无评分). */
export const NO_RATING: ProductCard['dpInfo'] = { score: 0, number: 0 };

/**
 * The mean score (0–10, one decimal) of `n` evaluations whose half steps sum to `halfSteps`: the
 * figure the evaluation page shows and the product card's dpInfo.score alike; 0 for none.
 */
export function averageScore(halfSteps: number, n: number): number {
  return n === 0 ? 0 : Math.round((halfSteps / 2 / n) * 10) / 10;
}

/**
 * The products' ratings from their shoe evaluations (issue 31 point 5): one grouped read on the
 * evaluations' (spu_id, user_id) index; a product nobody evaluated has {@link NO_RATING}.
 */
export async function ratingsOf(
  db: ReadDb,
  spuIds: readonly number[],
): Promise<Map<number, ProductCard['dpInfo']>> {
  const ratings = new Map<number, ProductCard['dpInfo']>(spuIds.map((spuId) => [spuId, NO_RATING]));
  if (spuIds.length === 0) return ratings;
  const rows = await db
    .select({
      spuId: shoeEvaluations.spuId,
      n: sql<number>`count(*)::int`,
      halfSteps: sql<number>`sum(${shoeEvaluations.halfSteps})::int`,
    })
    .from(shoeEvaluations)
    .where(inArray(shoeEvaluations.spuId, [...new Set(spuIds)]))
    .groupBy(shoeEvaluations.spuId);
  for (const r of rows) ratings.set(r.spuId, { score: averageScore(r.halfSteps, r.n), number: r.n });
  return ratings;
}

/**
 * Product cards as the viewer sees them: each product's rating and the viewer's want state. Every
 * list that shows a product card answers through this.
 */
export async function completeCards<T extends ProductCard>(
  db: ReadDb,
  viewerId: number | null,
  cards: T[],
): Promise<T[]> {
  const spuIds = cards.map((c) => c.spuId);
  const [ratings, wants] = await Promise.all([ratingsOf(db, spuIds), wantStates(db, viewerId, spuIds)]);
  return cards.map((c) => ({
    ...c,
    dpInfo: ratings.get(c.spuId) ?? NO_RATING,
    isCollection: wants.get(c.spuId) ?? 0,
  }));
}

import type { ProductCard } from '@h5/contract';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { arSpus, products } from '../../db/schema';
import { toProductCard } from '../content/detail';
import { ACTIVITY_CODES } from './activity-codes';
import { requireRunning } from './window';

/**
 * The viewer's want state per product (spec §3 `isCollection`). A placeholder answering 0 for
 * every product: the commerce domain (issue 17 point 4) owns wants; the lead wires this to it.
 */
export async function wantStates(
  _db: Db,
  _viewerId: number | null,
  spuIds: readonly number[],
): Promise<Map<number, 0 | 1>> {
  return new Map(spuIds.map((spuId) => [spuId, 0 as const]));
}

/** GET live-action-ar-spu-list: inside the new-year AR window, its products in list order. */
export async function arSpuList(db: Db, viewerId: number | null, now = new Date()) {
  const activity = await requireRunning(db, ACTIVITY_CODES.newYearAr, now);
  const rows = await db
    .select({ product: products })
    .from(arSpus)
    .innerJoin(products, eq(products.spuId, arSpus.spuId))
    .where(eq(arSpus.activityCode, ACTIVITY_CODES.newYearAr))
    .orderBy(asc(arSpus.sort), asc(arSpus.spuId));
  const wants = await wantStates(
    db,
    viewerId,
    rows.map((row) => row.product.spuId),
  );
  // The product card every list builds (content/detail.ts), with this viewer's want state.
  const list: ProductCard[] = rows.map(({ product }) => ({
    ...toProductCard(product),
    isCollection: wants.get(product.spuId) ?? 0,
  }));
  return { activity, list };
}

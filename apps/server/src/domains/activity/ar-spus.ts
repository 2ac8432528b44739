import type { ProductCard } from '@h5/contract';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { arSpus, products } from '../../db/schema';
import { completeCards } from '../commerce/ratings';
import { toProductCard } from '../content/detail';
import { ACTIVITY_CODES } from './activity-codes';
import { requireRunning } from './window';

/**
 * An activity's products (activity_ar_spus: the new-year AR list, 心引力's picks) in list order, as
 * the product card every list builds (content/detail.ts), rated, with this viewer's want state.
 */
export async function activityProductCards(
  db: Db,
  code: string,
  viewerId: number | null,
): Promise<ProductCard[]> {
  const rows = await db
    .select({ product: products })
    .from(arSpus)
    .innerJoin(products, eq(products.spuId, arSpus.spuId))
    .where(eq(arSpus.activityCode, code))
    .orderBy(asc(arSpus.sort), asc(arSpus.spuId));
  return completeCards(
    db,
    viewerId,
    rows.map(({ product }) => toProductCard(product)),
  );
}

/** GET live-action-ar-spu-list: inside the new-year AR window, its products in list order. */
export async function arSpuList(db: Db, viewerId: number | null, now = new Date()) {
  const activity = await requireRunning(db, ACTIVITY_CODES.newYearAr, now);
  return { activity, list: await activityProductCards(db, ACTIVITY_CODES.newYearAr, viewerId) };
}

import type { ProductCard } from '@h5/contract';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { arSpus, products } from '../../db/schema';
import { completeCards } from '../commerce/ratings';
import { toProductCard } from '../content/detail';
import { ACTIVITY_CODES } from './activity-codes';
import { requireRunning } from './window';

/** GET live-action-ar-spu-list: inside the new-year AR window, its products in list order. */
export async function arSpuList(db: Db, viewerId: number | null, now = new Date()) {
  const activity = await requireRunning(db, ACTIVITY_CODES.newYearAr, now);
  const rows = await db
    .select({ product: products })
    .from(arSpus)
    .innerJoin(products, eq(products.spuId, arSpus.spuId))
    .where(eq(arSpus.activityCode, ACTIVITY_CODES.newYearAr))
    .orderBy(asc(arSpus.sort), asc(arSpus.spuId));
  // The product card every list builds (content/detail.ts), rated, with this viewer's want state.
  const list: ProductCard[] = await completeCards(
    db,
    viewerId,
    rows.map(({ product }) => toProductCard(product)),
  );
  return { activity, list };
}

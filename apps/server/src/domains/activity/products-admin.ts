import type { ActivityProducts } from '@h5/contract';
import { ACTIVITY_NOT_FOUND } from '@h5/core';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { activities, arSpus, products } from '../../db/schema';
import { AppError, badRequest } from '../../plugins/errors';
import type { OperatorSession } from '../../plugins/operator-session';
import { recordAudit } from '../backstage/audit';
import { PUBLISH_MESSAGES } from '../content/messages';
import { ACTIVITY_MESSAGES } from './messages';

/** An activity's products in list order, as the backstage shows them. */
export async function activityProducts(db: Db, code: string): Promise<ActivityProducts> {
  const rows = await db
    .select({ spuId: products.spuId, title: products.title, logoUrl: products.logoUrl })
    .from(arSpus)
    .innerJoin(products, eq(products.spuId, arSpus.spuId))
    .where(eq(arSpus.activityCode, code))
    .orderBy(asc(arSpus.sort), asc(arSpus.spuId));
  return { code, list: rows };
}

/**
 * Replaces an activity's products (心引力's picks, the new-year AR list) with `spuIds` in that
 * order, audited, in one transaction under the activity's row lock: what production has instead
 * of the seed. An unknown activity is 404; an unknown product is a 400 naming it.
 */
export async function setActivityProducts(
  db: Db,
  operator: OperatorSession,
  input: { code: string; spuIds: number[] },
): Promise<ActivityProducts> {
  const spuIds = [...new Set(input.spuIds)];
  await db.transaction(async (tx) => {
    const [activity] = await tx
      .select()
      .from(activities)
      .where(eq(activities.code, input.code))
      .for('update');
    if (!activity) throw new AppError(ACTIVITY_NOT_FOUND, ACTIVITY_MESSAGES.notFound(input.code));
    if (spuIds.length > 0) {
      const known = new Set(
        (
          await tx.select({ spuId: products.spuId }).from(products).where(inArray(products.spuId, spuIds))
        ).map((row) => row.spuId),
      );
      const missing = spuIds.find((spuId) => !known.has(spuId));
      if (missing !== undefined) throw badRequest('spuIds', PUBLISH_MESSAGES.productUnknown(missing));
    }
    const before = await tx
      .select({ spuId: arSpus.spuId })
      .from(arSpus)
      .where(eq(arSpus.activityCode, input.code))
      .orderBy(asc(arSpus.sort), asc(arSpus.spuId));
    await tx.delete(arSpus).where(eq(arSpus.activityCode, input.code));
    if (spuIds.length > 0)
      await tx
        .insert(arSpus)
        .values(spuIds.map((spuId, sort) => ({ activityCode: input.code, spuId, sort })));
    await recordAudit(tx, operator, {
      action: 'activity.products.update',
      objectType: 'activity',
      objectId: input.code,
      before: { spuIds: before.map((row) => row.spuId) },
      after: { spuIds },
    });
  });
  return activityProducts(db, input.code);
}

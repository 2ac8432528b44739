import type { FlexibleStaffing } from '@h5/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { flexibleStaffingSignings } from '../../db/schema';

/** flexible_staffing: whether the creator signed the payout agreement; the signing link while not. */
export async function flexibleStaffing(db: Db, userId: number, signUrl: string): Promise<FlexibleStaffing> {
  const [row] = await db
    .select({ signedAt: flexibleStaffingSignings.signedAt })
    .from(flexibleStaffingSignings)
    .where(eq(flexibleStaffingSignings.userId, userId));
  return row
    ? { signed: true, signedAt: row.signedAt.toISOString(), signUrl: null }
    : { signed: false, signedAt: null, signUrl };
}

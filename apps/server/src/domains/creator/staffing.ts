import type { contract, FlexibleStaffing, InputOf, Page, StaffingSigning } from '@h5/contract';
import { and, eq, isNotNull, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pageFrom, rowsToRead, timeKeyset } from '../../db/keyset';
import { flexibleStaffingSignings, users } from '../../db/schema';

/**
 * flexible_staffing: whether the creator signed the payout agreement; the signing link while not
 * (staffing-signing.ts `staffingSignLink`).
 */
export async function flexibleStaffing(db: Db, userId: number, signUrl: string): Promise<FlexibleStaffing> {
  const [row] = await db
    .select({ signedAt: flexibleStaffingSignings.signedAt })
    .from(flexibleStaffingSignings)
    .where(eq(flexibleStaffingSignings.userId, userId));
  return row
    ? { signed: true, signedAt: row.signedAt.toISOString(), signUrl: null }
    : { signed: false, signedAt: null, signUrl };
}

const byAccountAge = timeKeyset(users.createdAt, users.id, 'asc');

/**
 * The backstage's signing table: the creators (users marked creator, and whoever signed) with
 * their signing, oldest account first, narrowed to the signed or unsigned when asked.
 */
export async function staffingSignings(
  db: Db,
  input: InputOf<typeof contract.creator.staffingSignings>,
): Promise<Page<StaffingSigning>> {
  const rows = await db
    .select({
      userId: users.id,
      userName: users.userName,
      avatar: users.avatar,
      createdAt: users.createdAt,
      signedAt: flexibleStaffingSignings.signedAt,
    })
    .from(users)
    .leftJoin(flexibleStaffingSignings, eq(flexibleStaffingSignings.userId, users.id))
    .where(
      and(
        or(eq(users.isCreator, true), isNotNull(flexibleStaffingSignings.userId)),
        input.signed === 'yes' ? isNotNull(flexibleStaffingSignings.userId) : undefined,
        input.signed === 'no' ? isNull(flexibleStaffingSignings.userId) : undefined,
        byAccountAge.after(input.lastId),
      ),
    )
    .orderBy(...byAccountAge.orderBy)
    .limit(rowsToRead(input));
  const page = pageFrom(rows, input.limit, (row) => byAccountAge.cursor(row.createdAt, row.userId));
  return {
    ...page,
    list: page.list.map((row) => ({
      user: { userId: row.userId, userName: row.userName, avatar: row.avatar },
      signed: row.signedAt !== null,
      signedAt: row.signedAt?.toISOString() ?? null,
    })),
  };
}

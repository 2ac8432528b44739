import type { LotteryAddress, LotteryInfo } from '@h5/contract';
import {
  FORBIDDEN,
  LOTTERY_ADDRESS_EXISTS,
  LOTTERY_ADDRESS_MISSING,
  LOTTERY_NOT_DRAWN,
  LOTTERY_NOT_WINNER,
  LOTTERY_SHIPPED,
} from '@h5/core';
import { isChinaRegion } from '@h5/core/china-regions';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { lotteryWinners } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../plugins/errors';
import { describeLottery, lotteryRow } from './lottery';
import { LOTTERY_MESSAGES } from './messages';

const winnerOf = (lotteryId: number, userId: number) =>
  and(eq(lotteryWinners.lotteryId, lotteryId), eq(lotteryWinners.userId, userId));

/** Why a caller's address write found no row to change: not drawn, not a winner, or the state it is in. */
async function refusal(
  db: Db,
  lotteryId: number,
  userId: number,
  fallback: (winner: typeof lotteryWinners.$inferSelect) => AppError,
): Promise<AppError> {
  const lottery = await lotteryRow(db, lotteryId);
  if (lottery.drawnAt === null) return new AppError(LOTTERY_NOT_DRAWN, LOTTERY_MESSAGES.notDrawn);
  const [winner] = await db.select().from(lotteryWinners).where(winnerOf(lotteryId, userId));
  if (!winner) return new AppError(LOTTERY_NOT_WINNER, LOTTERY_MESSAGES.notWinner);
  return fallback(winner);
}

/**
 * The address as stored, its region one of the national division's districts (issue 26 point 7:
 * the picker offers only those, so anything else is a forged or stale form): else a 400 naming it.
 */
function checkedAddress(address: LotteryAddress): LotteryAddress {
  if (!isChinaRegion(address.region)) throw badRequest('region', LOTTERY_MESSAGES.unknownRegion);
  return address;
}

/**
 * addr-submit: a winner's one address for the prize. The UPDATE only changes a winner row without
 * an address, so of any number of concurrent or repeated submits exactly one writes; the others
 * are told the address exists (addr-update changes it).
 */
export async function submitAddress(
  db: Db,
  userId: number,
  input: LotteryAddress & { lotteryId: number },
): Promise<LotteryInfo> {
  const { lotteryId, ...address } = input;
  const [written] = await db
    .update(lotteryWinners)
    .set({ ...checkedAddress(address), addressAt: sql`now()` })
    .where(and(winnerOf(lotteryId, userId), isNull(lotteryWinners.addressAt)))
    .returning({ userId: lotteryWinners.userId });
  if (!written)
    throw await refusal(
      db,
      lotteryId,
      userId,
      () => new AppError(LOTTERY_ADDRESS_EXISTS, LOTTERY_MESSAGES.addressExists),
    );
  return describeLottery(db, await lotteryRow(db, lotteryId), userId);
}

/** addr-update: a winner changes the address until the prize ships. */
export async function updateAddress(
  db: Db,
  userId: number,
  input: LotteryAddress & { lotteryId: number },
): Promise<LotteryInfo> {
  const { lotteryId, ...address } = input;
  const [written] = await db
    .update(lotteryWinners)
    .set({ ...checkedAddress(address), addressAt: sql`now()` })
    .where(
      and(winnerOf(lotteryId, userId), isNotNull(lotteryWinners.addressAt), isNull(lotteryWinners.shippedAt)),
    )
    .returning({ userId: lotteryWinners.userId });
  if (!written)
    throw await refusal(db, lotteryId, userId, (winner) =>
      winner.addressAt
        ? new AppError(LOTTERY_SHIPPED, LOTTERY_MESSAGES.shipped)
        : new AppError(LOTTERY_ADDRESS_MISSING, LOTTERY_MESSAGES.addressMissing),
    );
  return describeLottery(db, await lotteryRow(db, lotteryId), userId);
}

type WinnerRow = typeof lotteryWinners.$inferSelect;

/**
 * Writes a winner's courier and tracking number (again to correct it; the first write ships the
 * prize): the one rule of the host's waybill-submit and the backstage's ship. Refused for a
 * non-winner and before the winner gave an address. Returns the winner row before and after.
 */
export async function writeWaybill(
  db: Db,
  input: { lotteryId: number; winnerUserId: number; courier: string; trackingNo: string },
): Promise<{ before: WinnerRow; after: WinnerRow }> {
  const [before] = await db
    .select()
    .from(lotteryWinners)
    .where(winnerOf(input.lotteryId, input.winnerUserId))
    .for('update');
  if (!before) throw notFound(LOTTERY_MESSAGES.winnerNotFound);
  if (!before.addressAt) throw new AppError(LOTTERY_ADDRESS_MISSING, LOTTERY_MESSAGES.winnerAddressMissing);
  const [after] = await db
    .update(lotteryWinners)
    .set({
      courier: input.courier,
      trackingNo: input.trackingNo,
      shippedAt: sql`coalesce(${lotteryWinners.shippedAt}, now())`,
    })
    .where(winnerOf(input.lotteryId, input.winnerUserId))
    .returning();
  return { before, after: after as WinnerRow };
}

/** waybill-submit: the lottery's host gives a winner's courier and tracking number (again to correct it). */
export async function submitWaybill(
  db: Db,
  userId: number,
  input: { lotteryId: number; winnerUserId: number; courier: string; trackingNo: string },
): Promise<LotteryInfo> {
  const lottery = await lotteryRow(db, input.lotteryId);
  if (lottery.hostUserId !== userId) throw new AppError(FORBIDDEN, LOTTERY_MESSAGES.notHost);
  await writeWaybill(db, input);
  return describeLottery(db, lottery, userId);
}

import type { LotteryEntryRule, LotteryInfo, LotteryShipping } from '@h5/contract';
import { LOTTERY_CLOSED, LOTTERY_FOLLOW_REQUIRED, LOTTERY_HOST_CANNOT_ENTER } from '@h5/core';
import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { follows, lotteries, lotteryEntries, lotteryWinners, users } from '../../db/schema';
import { AppError, notFound } from '../../plugins/errors';
import { drawIfDue } from './draw';
import { LOTTERY_MESSAGES } from './messages';

type LotteryRow = typeof lotteries.$inferSelect;
type WinnerRow = typeof lotteryWinners.$inferSelect;

export const userBrief = { userId: users.id, userName: users.userName, avatar: users.avatar };

/** Where a prize is on its way to the winner. */
export function shippingOf(w: WinnerRow): LotteryShipping {
  return {
    state: w.shippedAt ? 'shipped' : w.addressAt ? 'awaiting_shipment' : 'awaiting_address',
    courier: w.courier,
    trackingNo: w.trackingNo,
    shippedAt: w.shippedAt?.toISOString() ?? null,
  };
}

/** A winner's address once given. */
export const addressOf = (w: WinnerRow) =>
  w.addressAt && w.name && w.mobile && w.region && w.street
    ? { name: w.name, mobile: w.mobile, region: w.region, street: w.street }
    : null;

/** The lottery row, or a 404 refusal. */
export async function lotteryRow(db: Db, lotteryId: number): Promise<LotteryRow> {
  const [row] = await db.select().from(lotteries).where(eq(lotteries.id, lotteryId));
  if (!row) throw notFound(LOTTERY_MESSAGES.notFound);
  return row;
}

/** The lottery as `viewerId` sees it (the host also sees every winner). */
export async function describeLottery(
  db: Db,
  row: LotteryRow,
  viewerId: number | null,
): Promise<LotteryInfo> {
  const [[host], [entrants], [entry], winners] = await Promise.all([
    db.select(userBrief).from(users).where(eq(users.id, row.hostUserId)),
    db.select({ n: count() }).from(lotteryEntries).where(eq(lotteryEntries.lotteryId, row.id)),
    viewerId === null
      ? Promise.resolve([])
      : db
          .select({ userId: lotteryEntries.userId })
          .from(lotteryEntries)
          .where(and(eq(lotteryEntries.lotteryId, row.id), eq(lotteryEntries.userId, viewerId))),
    db
      .select({ winner: lotteryWinners, user: userBrief })
      .from(lotteryWinners)
      .innerJoin(users, eq(users.id, lotteryWinners.userId))
      .where(eq(lotteryWinners.lotteryId, row.id))
      .orderBy(asc(lotteryWinners.userId)),
  ]);
  if (!host) throw notFound(LOTTERY_MESSAGES.notFound);
  const mine = viewerId === null ? undefined : winners.find((w) => w.user.userId === viewerId)?.winner;
  const drawn = row.drawnAt !== null;
  const state =
    viewerId === null ? 'visitor' : mine ? 'won' : !entry ? 'not_entered' : drawn ? 'lost' : 'entered';
  return {
    lotteryId: row.id,
    streamId: row.streamId,
    host,
    prize: row.prize,
    quantity: row.quantity,
    entryRule: row.entryRule as LotteryEntryRule,
    drawAt: row.drawAt.toISOString(),
    drawn,
    entrantCount: entrants?.n ?? 0,
    my: {
      state,
      address: mine ? addressOf(mine) : null,
      shipping: mine ? shippingOf(mine) : null,
    },
    winners:
      viewerId === row.hostUserId
        ? winners.map((w) => ({ user: w.user, address: addressOf(w.winner), shipping: shippingOf(w.winner) }))
        : null,
  };
}

/** Reads a lottery, drawing it first when its time has come (the draw happens once, see draw.ts). */
export async function freshRow(db: Db, row: LotteryRow): Promise<LotteryRow> {
  if (row.drawnAt !== null || row.drawAt.getTime() > Date.now()) return row;
  await drawIfDue(db, row.id);
  return lotteryRow(db, row.id);
}

/** lottery/info: by id, or the newest lottery of a stream. */
export async function lotteryInfo(
  db: Db,
  viewerId: number | null,
  query: { lotteryId?: number; streamId?: number },
): Promise<LotteryInfo> {
  const [row] =
    query.lotteryId !== undefined
      ? await db.select().from(lotteries).where(eq(lotteries.id, query.lotteryId))
      : await db
          .select()
          .from(lotteries)
          .where(eq(lotteries.streamId, query.streamId ?? 0))
          .orderBy(desc(lotteries.id))
          .limit(1);
  if (!row) throw notFound(LOTTERY_MESSAGES.notFound);
  return describeLottery(db, await freshRow(db, row), viewerId);
}

/** enter: once per user (the primary key), before the draw time, by the lottery's entry rule. */
export async function enterLottery(db: Db, viewerId: number, lotteryId: number): Promise<LotteryInfo> {
  const row = await freshRow(db, await lotteryRow(db, lotteryId));
  if (row.hostUserId === viewerId)
    throw new AppError(LOTTERY_HOST_CANNOT_ENTER, LOTTERY_MESSAGES.hostCannotEnter);
  if (row.drawnAt !== null || row.drawAt.getTime() <= Date.now())
    throw new AppError(LOTTERY_CLOSED, LOTTERY_MESSAGES.closed);
  if (row.entryRule === 'follow') {
    const [follow] = await db
      .select({ id: follows.followerId })
      .from(follows)
      .where(and(eq(follows.followerId, viewerId), eq(follows.followeeId, row.hostUserId)));
    if (!follow) throw new AppError(LOTTERY_FOLLOW_REQUIRED, LOTTERY_MESSAGES.followRequired);
  }
  await db.insert(lotteryEntries).values({ lotteryId, userId: viewerId }).onConflictDoNothing();
  return describeLottery(db, row, viewerId);
}

/** Internal, for tests only (contract's drawLottery): draw now. A drawn lottery stays as it was. */
export async function drawLotteryNow(db: Db, lotteryId: number): Promise<LotteryInfo> {
  await lotteryRow(db, lotteryId);
  await db
    .update(lotteries)
    .set({ drawAt: sql`now()` })
    .where(and(eq(lotteries.id, lotteryId), isNull(lotteries.drawnAt)));
  await drawIfDue(db, lotteryId, new Date(Date.now() + 1000));
  const row = await lotteryRow(db, lotteryId);
  return describeLottery(db, row, row.hostUserId);
}

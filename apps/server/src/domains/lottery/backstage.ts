import type { contract, InputOf, LotteryEntryRule, LotteryOps, Page } from '@h5/contract';
import { and, asc, count, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { pageFrom, rowsToRead, timeKeyset } from '../../db/keyset';
import { lotteries, lotteryEntries, lotteryWinners, users } from '../../db/schema';
import type { JobQueue } from '../../jobs/types';
import { notFound } from '../../plugins/errors';
import type { OperatorSession } from '../../plugins/operator-session';
import { recordAudit } from '../backstage/audit';
import { writeWaybill } from './address';
import { drawIfDue } from './draw';
import { LOTTERY_DRAW_JOB } from './jobs';
import { addressOf, lotteryRow, shippingOf, userBrief } from './lottery';
import { LOTTERY_MESSAGES } from './messages';

type LotteryRow = typeof lotteries.$inferSelect;
type WinnerRow = typeof lotteryWinners.$inferSelect;

/**
 * The rows as they are now: a lottery past its draw time is drawn first (drawIfDue: exactly once
 * whoever reads it first, the H5 page or the backstage), so the backstage never needs a draw call.
 */
async function drawnWhereDue(db: Db, rows: LotteryRow[]): Promise<LotteryRow[]> {
  const due = rows.filter((row) => row.drawnAt === null && row.drawAt.getTime() <= Date.now());
  if (due.length === 0) return rows;
  for (const row of due) await drawIfDue(db, row.id);
  const fresh = await db
    .select()
    .from(lotteries)
    .where(
      inArray(
        lotteries.id,
        due.map((row) => row.id),
      ),
    );
  return rows.map((row) => fresh.find((f) => f.id === row.id) ?? row);
}

/** The backstage's view of lotteries: host, entrant count, every winner with address and shipping. */
async function describeForOps(db: Db, rows: LotteryRow[]): Promise<LotteryOps[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [hosts, counts, winners] = await Promise.all([
    db
      .select(userBrief)
      .from(users)
      .where(
        inArray(
          users.id,
          rows.map((row) => row.hostUserId),
        ),
      ),
    db
      .select({ lotteryId: lotteryEntries.lotteryId, n: count() })
      .from(lotteryEntries)
      .where(inArray(lotteryEntries.lotteryId, ids))
      .groupBy(lotteryEntries.lotteryId),
    db
      .select({ winner: lotteryWinners, user: userBrief })
      .from(lotteryWinners)
      .innerJoin(users, eq(users.id, lotteryWinners.userId))
      .where(inArray(lotteryWinners.lotteryId, ids))
      .orderBy(asc(lotteryWinners.lotteryId), asc(lotteryWinners.userId)),
  ]);
  return rows.map((row) => {
    const host = hosts.find((h) => h.userId === row.hostUserId);
    if (!host) throw notFound(LOTTERY_MESSAGES.notFound);
    return {
      lotteryId: row.id,
      streamId: row.streamId,
      host,
      prize: row.prize,
      quantity: row.quantity,
      entryRule: row.entryRule as LotteryEntryRule,
      drawAt: row.drawAt.toISOString(),
      drawn: row.drawnAt !== null,
      entrantCount: counts.find((c) => c.lotteryId === row.id)?.n ?? 0,
      createdAt: row.createdAt.toISOString(),
      winners: winners
        .filter((w) => w.winner.lotteryId === row.id)
        .map((w) => ({ user: w.user, address: addressOf(w.winner), shipping: shippingOf(w.winner) })),
    };
  });
}

/** One lottery as the backstage shows it (its detail), drawn first when due. */
export async function opsLottery(db: Db, lotteryId: number): Promise<LotteryOps> {
  const [row] = await drawnWhereDue(db, [await lotteryRow(db, lotteryId)]);
  const [ops] = await describeForOps(db, [row as LotteryRow]);
  return ops as LotteryOps;
}

/** What the audit log keeps of a lottery. */
const auditedLottery = (row: LotteryRow) => ({
  streamId: row.streamId,
  hostUserId: row.hostUserId,
  prize: row.prize,
  quantity: row.quantity,
  entryRule: row.entryRule,
  drawAt: row.drawAt.toISOString(),
});

/** What the audit log keeps of a winner's prize: its shipping. */
const auditedShipping = (row: WinnerRow) => shippingOf(row);

/** create: a lottery in a host's stream, drawn `drawInSeconds` from now; audited with it. */
export async function createLottery(
  db: Db,
  operator: OperatorSession,
  input: InputOf<typeof contract.lottery.createLottery>,
  jobs: Pick<JobQueue, 'send'>,
  log?: FastifyBaseLogger,
): Promise<LotteryOps> {
  const [host] = await db.select({ id: users.id }).from(users).where(eq(users.id, input.hostUserId));
  if (!host) throw notFound(LOTTERY_MESSAGES.hostNotFound);
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(lotteries)
      .values({
        streamId: input.streamId,
        hostUserId: input.hostUserId,
        prize: input.prize,
        quantity: input.quantity,
        entryRule: input.entryRule,
        drawAt: sql`now() + make_interval(secs => ${input.drawInSeconds})`,
      })
      .returning();
    if (!created) throw new Error('the lottery insert returned no row');
    await recordAudit(tx, operator, {
      action: 'lottery.create',
      objectType: 'lottery',
      objectId: created.id,
      before: null,
      after: auditedLottery(created),
    });
    return created;
  });
  // The draw at its time, read or not. Should the queue refuse, the lottery-sweep job draws it
  // within a minute of its time: the lottery stands either way.
  try {
    await jobs.send(LOTTERY_DRAW_JOB, { lotteryId: row.id }, { startAfter: row.drawAt });
  } catch (error) {
    log?.error({ err: error, lotteryId: row.id }, 'lottery draw job not sent');
  }
  return opsLottery(db, row.id);
}

const newestFirst = timeKeyset(lotteries.createdAt, lotteries.id);

/** list: newest first, by stream and state (`open` before the draw time, `drawn` after it). */
export async function listLotteries(
  db: Db,
  input: InputOf<typeof contract.lottery.lotteries>,
): Promise<Page<LotteryOps>> {
  const rows = await db
    .select()
    .from(lotteries)
    .where(
      and(
        input.streamId === undefined ? undefined : eq(lotteries.streamId, input.streamId),
        input.state === 'open'
          ? and(isNull(lotteries.drawnAt), gt(lotteries.drawAt, sql`now()`))
          : input.state === 'drawn'
            ? lte(lotteries.drawAt, sql`now()`)
            : undefined,
        newestFirst.after(input.lastId),
      ),
    )
    .orderBy(...newestFirst.orderBy)
    .limit(rowsToRead(input));
  const page = pageFrom(rows, input.limit, (row) => newestFirst.cursor(row.createdAt, row.id));
  return { ...page, list: await describeForOps(db, await drawnWhereDue(db, page.list)) };
}

const byEntryTime = timeKeyset(lotteryEntries.createdAt, lotteryEntries.userId, 'asc');

/** entrants: a lottery's entrants by entry time, one keyset page (404 for no such lottery). */
export async function lotteryEntrants(db: Db, input: InputOf<typeof contract.lottery.lotteryEntrants>) {
  // The cursor first: a bad one is a 400 naming lastId, whichever lottery it came with.
  const after = byEntryTime.after(input.lastId);
  await lotteryRow(db, input.lotteryId);
  const rows = await db
    .select({ ...userBrief, enteredAt: lotteryEntries.createdAt })
    .from(lotteryEntries)
    .innerJoin(users, eq(users.id, lotteryEntries.userId))
    .where(and(eq(lotteryEntries.lotteryId, input.lotteryId), after))
    .orderBy(...byEntryTime.orderBy)
    .limit(rowsToRead(input));
  const page = pageFrom(rows, input.limit, (row) => byEntryTime.cursor(row.enteredAt, row.userId));
  return { ...page, list: page.list.map((e) => ({ ...e, enteredAt: e.enteredAt.toISOString() })) };
}

/** ship: a winner's prize shipped with its waybill, by the host's waybill rules; audited with it. */
export async function shipPrize(
  db: Db,
  operator: OperatorSession,
  input: InputOf<typeof contract.lottery.shipLotteryPrize>,
): Promise<LotteryOps> {
  await lotteryRow(db, input.lotteryId);
  await db.transaction(async (tx) => {
    const { before, after } = await writeWaybill(tx, input);
    await recordAudit(tx, operator, {
      action: 'lottery.ship',
      objectType: 'lottery_winner',
      objectId: `${input.lotteryId}:${input.winnerUserId}`,
      before: auditedShipping(before),
      after: auditedShipping(after),
    });
  });
  return opsLottery(db, input.lotteryId);
}

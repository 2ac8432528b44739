import { randomInt } from 'node:crypto';
import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { lotteries, lotteryEntries, lotteryWinners } from '../../db/schema';
import { MESSAGE_TEXTS } from '../message/messages';
import { notifyAll } from '../message/notify';

/**
 * `count` of `items`, each subset equally likely: a partial Fisher–Yates shuffle with the
 * operating system's random numbers (crypto.randomInt), so nobody can predict or bias the draw.
 */
export function sample<T>(
  items: readonly T[],
  count: number,
  pick: (max: number) => number = randomInt,
): T[] {
  const pool = [...items];
  const n = Math.min(count, pool.length);
  for (let i = 0; i < n; i++) {
    const j = i + pick(pool.length - i);
    [pool[i], pool[j]] = [pool[j] as T, pool[i] as T];
  }
  return pool.slice(0, n);
}

/**
 * Draws a lottery whose time has come, once: the conditional UPDATE of `drawn_at` lets exactly
 * one caller through (concurrent readers wait on the row and then find it drawn), and that caller
 * writes the winners, and tells each (a system message), in the same transaction. Returns true
 * when this call drew.
 */
export async function drawIfDue(db: Db, lotteryId: number, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(lotteries)
      .set({ drawnAt: sql`now()` })
      .where(and(eq(lotteries.id, lotteryId), isNull(lotteries.drawnAt), lte(lotteries.drawAt, now)))
      .returning({ quantity: lotteries.quantity, prize: lotteries.prize });
    if (!claimed) return false;
    const entrants = await tx
      .select({ userId: lotteryEntries.userId })
      .from(lotteryEntries)
      .where(eq(lotteryEntries.lotteryId, lotteryId))
      .orderBy(asc(lotteryEntries.userId));
    const winners = sample(entrants, claimed.quantity);
    if (winners.length > 0)
      await tx.insert(lotteryWinners).values(winners.map((w) => ({ lotteryId, userId: w.userId })));
    await notifyAll(
      tx,
      winners.map((winner) => ({
        kind: 'system' as const,
        recipientId: winner.userId,
        source: 'lottery',
        sourceId: lotteryId,
        noticeKey: 'lottery.won',
        text: MESSAGE_TEXTS.lotteryWon(claimed.prize),
        link: `/live/lottery?lotteryId=${lotteryId}`,
      })),
    );
    return true;
  });
}

import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import { lotteries } from '../../db/schema';
import { databaseNow } from '../../jobs/batches';
import type { JobDefinition } from '../../jobs/types';
import { drawIfDue } from './draw';

/** The job a new lottery sends for its draw time. */
export const LOTTERY_DRAW_JOB = 'lottery-draw';
/** Undrawn lotteries one sweep draws at most. */
const SWEEP_BATCH = 500;

/** A lottery's draw, sent for its draw time when it is created (backstage.ts). */
const drawJob: JobDefinition<{ lotteryId?: unknown }> = {
  name: LOTTERY_DRAW_JOB,
  // A queue that starts it a moment early (another clock) tries again a second later.
  retry: { limit: 5, delaySeconds: 1, backoff: true },
  async run({ db }, data) {
    const lotteryId = Number(data.lotteryId);
    if (!Number.isInteger(lotteryId))
      throw new Error(`lottery-draw: no lottery id in ${JSON.stringify(data)}`);
    const now = await databaseNow(db);
    const drew = await drawIfDue(db, lotteryId, now);
    if (!drew) {
      const [row] = await db
        .select({ drawAt: lotteries.drawAt, drawnAt: lotteries.drawnAt })
        .from(lotteries)
        .where(eq(lotteries.id, lotteryId));
      if (row && !row.drawnAt)
        throw new Error(`lottery ${lotteryId} is not due before ${row.drawAt.toISOString()}`);
    }
    return { lotteryId, drew };
  },
};

/** Every minute: draws what is due and undrawn (a draw job lost with a process, or a seeded lottery). */
const sweepJob: JobDefinition = {
  name: 'lottery-sweep',
  schedule: '* * * * *',
  async run({ db }) {
    const now = await databaseNow(db);
    const due = await db
      .select({ id: lotteries.id })
      .from(lotteries)
      .where(and(isNull(lotteries.drawnAt), lte(lotteries.drawAt, now)))
      .orderBy(asc(lotteries.drawAt))
      .limit(SWEEP_BATCH);
    let drawn = 0;
    for (const { id } of due) if (await drawIfDue(db, id, now)) drawn++;
    return { drawn };
  },
};

export const lotteryJobs: JobDefinition[] = [drawJob as JobDefinition, sweepJob];

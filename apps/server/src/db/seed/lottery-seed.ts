import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../client';
import { liveStreamLogs, liveStreams, lotteries, lotteryEntries, users } from '../schema';
import { Random } from './random';

/** How many running seeded broadcasts get a lottery, and the most entrants one gets. */
export const SEED_LOTTERY = { streams: 12, maxEntrants: 80 } as const;

const PRIZES = ['限量联名球鞋', '主播签名T恤', '潮流棒球帽', '运动双肩包', '无线降噪耳机', '球鞋清洁套装'];

/**
 * Lotteries in the live rooms (issue 17 point 1): the first {@link SEED_LOTTERY.streams} running
 * broadcasts each hold one, drawing hours from now, entered by seeded users. Once, on a database
 * with running broadcasts and no lottery (also one seeded before this seed existed).
 */
export async function insertLotterySeed(db: Db, nowMs = Date.now()): Promise<void> {
  const [any] = await db.select({ id: lotteries.id }).from(lotteries).limit(1);
  if (any) return;
  const running = await db
    .selectDistinct({ streamId: liveStreams.id, hostId: liveStreams.hostId })
    .from(liveStreams)
    .innerJoin(
      liveStreamLogs,
      and(eq(liveStreamLogs.streamId, liveStreams.id), isNull(liveStreamLogs.endedAt)),
    )
    .orderBy(liveStreams.id)
    .limit(SEED_LOTTERY.streams);
  const people = await db.select({ id: users.id }).from(users).orderBy(users.id).limit(400);
  if (running.length === 0 || people.length === 0) return;
  const rng = new Random(17_01);
  await db.transaction(async (tx) => {
    for (const { streamId, hostId } of running) {
      const [row] = await tx
        .insert(lotteries)
        .values({
          streamId,
          hostUserId: hostId,
          prize: PRIZES[rng.int(0, PRIZES.length - 1)] as string,
          quantity: rng.int(1, 3),
          entryRule: rng.int(0, 3) === 0 ? 'follow' : 'none',
          drawAt: new Date(nowMs + rng.int(2, 48) * 3_600_000),
        })
        .returning({ id: lotteries.id });
      const start = rng.int(0, people.length - 1);
      const n = rng.int(0, SEED_LOTTERY.maxEntrants);
      const entrants = new Set<number>();
      for (let i = 0; i < n; i++) {
        const person = people[(start + i * 7) % people.length];
        if (person && person.id !== hostId) entrants.add(person.id);
      }
      if (row && entrants.size > 0) {
        await tx
          .insert(lotteryEntries)
          .values([...entrants].map((userId) => ({ lotteryId: row.id, userId })));
      }
    }
  });
}

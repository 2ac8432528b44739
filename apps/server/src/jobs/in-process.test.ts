import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { jobRuns, lotteries, lotteryWinners, users } from '../db/schema';
import { LOTTERY_DRAW_JOB, lotteryJobs } from '../domains/lottery/jobs';
import { parseEnv } from '../env';
import { createObjectStore } from '../storage';
import { testDatabase } from '../test-utils';
import { InProcessQueue, nextCronTime } from './in-process';
import type { JobDefinition, JobDeps } from './types';

const silent = { warn() {}, error() {}, info() {}, debug() {} } as unknown as FastifyBaseLogger;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let database: Database;
let deps: JobDeps;
const queues: InProcessQueue[] = [];

beforeAll(async () => {
  database = await testDatabase();
  const env = parseEnv({});
  deps = { db: database.db, store: createObjectStore(env), env, log: silent };
});
afterAll(async () => {
  await Promise.all(queues.map((queue) => queue.stop()));
});

async function started(definitions: JobDefinition[]): Promise<InProcessQueue> {
  const queue = new InProcessQueue(definitions, deps);
  queues.push(queue);
  await queue.start();
  return queue;
}

const runsOf = (job: string) =>
  database.db.select().from(jobRuns).where(eq(jobRuns.job, job)).orderBy(asc(jobRuns.id));

/** Waits until `check` holds, up to `ms`. */
async function until(check: () => Promise<boolean>, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await sleep(50);
  }
}

describe('nextCronTime', () => {
  it('reads five-field crons in UTC', () => {
    // Saturday 28 November 2026, 02:00 UTC: the weekly pick rule (Mondays 03:00) is on the 30th.
    expect(nextCronTime('0 3 * * 1', new Date('2026-11-28T02:00:00Z')).toISOString()).toBe(
      '2026-11-30T03:00:00.000Z',
    );
    expect(nextCronTime('* * * * *', new Date('2026-11-28T02:00:30Z')).toISOString()).toBe(
      '2026-11-28T02:01:00.000Z',
    );
  });
});

describe('InProcessQueue', () => {
  it('runs a scheduled job on its cron and records each run', async () => {
    const name = `test-cron-${randomUUID().slice(0, 8)}`;
    let runs = 0;
    await started([{ name, schedule: '* * * * * *', run: async () => ({ run: ++runs }) }]);
    await until(async () => (await runsOf(name)).filter((r) => r.state === 'succeeded').length >= 2);
    const [first] = await runsOf(name);
    expect(first).toMatchObject({
      trigger: 'schedule',
      state: 'succeeded',
      attempt: 1,
      result: { run: 1 },
      error: null,
    });
    expect(first?.finishedAt).not.toBeNull();
  });

  it('retries a failed job with a doubling delay and records every attempt', async () => {
    const name = `test-retry-${randomUUID().slice(0, 8)}`;
    const queue = await started([
      {
        name,
        retry: { limit: 3, delaySeconds: 0.2, backoff: true },
        run: async (_deps, _data, attempt) => {
          if (attempt < 3) throw new Error(`attempt ${attempt} fails`);
          return { attempt };
        },
      },
    ]);
    await queue.send(name, { x: 1 });
    await until(async () => (await runsOf(name)).some((r) => r.state === 'succeeded'));
    const runs = await runsOf(name);
    expect(runs.map((r) => [r.attempt, r.state, r.trigger])).toEqual([
      [1, 'failed', 'send'],
      [2, 'failed', 'send'],
      [3, 'succeeded', 'send'],
    ]);
    expect(runs[0]?.error).toContain('attempt 1 fails');
    const gap = (a: number, b: number) =>
      (runs[b]?.startedAt.getTime() ?? 0) - (runs[a]?.finishedAt?.getTime() ?? 0);
    // 0.2 s after the first failure, 0.4 s after the second.
    expect(gap(0, 1)).toBeGreaterThanOrEqual(190);
    expect(gap(1, 2)).toBeGreaterThanOrEqual(390);
  });

  it('gives up after the last retry', async () => {
    const name = `test-give-up-${randomUUID().slice(0, 8)}`;
    const queue = await started([
      {
        name,
        retry: { limit: 1, delaySeconds: 0.05, backoff: false },
        run: async () => {
          throw new Error('always');
        },
      },
    ]);
    await queue.send(name);
    await until(async () => (await runsOf(name)).length >= 2);
    await sleep(300);
    expect((await runsOf(name)).map((r) => r.state)).toEqual(['failed', 'failed']);
  });

  it('starts a sent job no earlier than its time', async () => {
    const name = `test-later-${randomUUID().slice(0, 8)}`;
    const queue = await started([{ name, run: async () => ({ at: Date.now() }) }]);
    const at = new Date(Date.now() + 600);
    await queue.send(name, {}, { startAfter: at });
    await sleep(300);
    expect(await runsOf(name)).toEqual([]);
    await until(async () => (await runsOf(name)).length === 1);
    const [run] = await runsOf(name);
    expect(run?.startedAt.getTime()).toBeGreaterThanOrEqual(at.getTime() - 5);
  });

  it('keeps what is sent before start until start', async () => {
    const name = `test-held-${randomUUID().slice(0, 8)}`;
    const queue = new InProcessQueue([{ name, run: async () => 'ran' }], deps);
    queues.push(queue);
    await queue.send(name);
    await sleep(100);
    expect(await runsOf(name)).toEqual([]);
    await queue.start();
    await until(async () => (await runsOf(name)).length === 1);
  });

  it('draws a lottery at its time with nobody reading it, once', async () => {
    const [host] = await database.db.select({ id: users.id }).from(users).orderBy(asc(users.id)).limit(1);
    const entrants = await database.db.select({ id: users.id }).from(users).orderBy(asc(users.id)).limit(3);
    const [lottery] = await database.db
      .insert(lotteries)
      .values({
        streamId: 990_001,
        hostUserId: host?.id ?? 1,
        prize: '定时抽奖',
        quantity: 2,
        entryRule: 'none',
        drawAt: sql`now() + interval '700 milliseconds'`,
      })
      .returning();
    if (!lottery) throw new Error('no lottery');
    await database.db.execute(
      sql`insert into lottery_entries (lottery_id, user_id) select ${lottery.id}, id from users where id in (${sql.join(
        entrants.map((e) => sql`${e.id}`),
        sql`, `,
      )})`,
    );
    const queue = await started(lotteryJobs.filter((job) => job.name === LOTTERY_DRAW_JOB));
    // Sent twice (two processes, a retry): drawn once.
    await queue.send(LOTTERY_DRAW_JOB, { lotteryId: lottery.id }, { startAfter: lottery.drawAt });
    await queue.send(LOTTERY_DRAW_JOB, { lotteryId: lottery.id }, { startAfter: lottery.drawAt });
    await until(async () => {
      const [row] = await database.db.select().from(lotteries).where(eq(lotteries.id, lottery.id));
      return row?.drawnAt != null;
    });
    await sleep(300);
    const winners = await database.db
      .select()
      .from(lotteryWinners)
      .where(eq(lotteryWinners.lotteryId, lottery.id));
    expect(winners).toHaveLength(2);
    const [row] = await database.db.select().from(lotteries).where(eq(lotteries.id, lottery.id));
    expect(row?.drawnAt?.getTime()).toBeGreaterThanOrEqual(lottery.drawAt.getTime());
  });
});

import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { activities, arSpus, hackingTasks, products } from '../schema';
import { SEED_SIZES } from './generate';
import { Random } from './random';

/**
 * The activities and their windows (issue 17 point 5, issue 18 point 4), fixed dates so every run
 * is the same and each state shows: the AR action, strange encounters and 520 run until 2030,
 * tanabata has not started (2031) and gravity/xinyin has ended (2024).
 */
export const SEED_ACTIVITIES = [
  { code: 'new-year-ar', title: '新年 AR 好物', starts: '2025-01-01', ends: '2030-12-31' },
  { code: 'strange-encounters', title: '奇妙相遇', starts: '2025-01-01', ends: '2030-12-31' },
  { code: '520', title: '520 AI 心动照', starts: '2025-01-01', ends: '2030-12-31' },
  { code: 'tanabata', title: '七夕鹊桥会', starts: '2031-08-01', ends: '2031-08-31' },
  { code: 'gravity-xinyin', title: '心引力', starts: '2024-02-01', ends: '2024-03-01' },
].map(({ code, title, starts, ends }) => ({
  code,
  title,
  startsAt: new Date(`${starts}T00:00:00+08:00`),
  endsAt: new Date(`${ends}T23:59:59+08:00`),
}));

export const SEED_HACKING_TASKS = [
  { id: 1, activityCode: 'new-year-ar', title: '发布一条新年穿搭' },
  { id: 2, activityCode: 'new-year-ar', title: '晒出你的 AR 试穿' },
  { id: 3, activityCode: 'new-year-ar', title: '分享一件年货好物' },
];

/** How many seeded products the AR action shows. */
const AR_SPU_COUNT = 12;

/** The seeded products of the AR action: drawn with a fixed seed, in their drawn order. */
export function seedArSpuIds(seed = 520): number[] {
  const rng = new Random(seed);
  const picked = new Set<number>();
  while (picked.size < AR_SPU_COUNT) picked.add(1_000_001 + rng.int(0, SEED_SIZES.products - 1) * 7);
  return [...picked];
}

/** How many seeded products 心引力 offers to pick from. */
const XINYIN_SPU_COUNT = 6;

/** The seeded products of 心引力: the first of another fixed draw, none of them the AR action's. */
export function seedXinyinSpuIds(): number[] {
  const ar = new Set(seedArSpuIds());
  return seedArSpuIds(1314)
    .filter((spuId) => !ar.has(spuId))
    .slice(0, XINYIN_SPU_COUNT);
}

/** Idempotent: the activities, their tasks and (once products exist) the AR and 心引力 products. */
export async function insertActivitySeed(db: Db): Promise<void> {
  await db.insert(activities).values(SEED_ACTIVITIES).onConflictDoNothing();
  await db.insert(hackingTasks).values(SEED_HACKING_TASKS).onConflictDoNothing();
  await db.execute(
    sql`SELECT setval(pg_get_serial_sequence('hacking_tasks', 'id'), (SELECT max(id) FROM hacking_tasks))`,
  );
  for (const [activityCode, spuIds] of [
    ['new-year-ar', seedArSpuIds()],
    ['gravity-xinyin', seedXinyinSpuIds()],
  ] as const) {
    const present = await db
      .select({ spuId: products.spuId })
      .from(products)
      .where(inArray(products.spuId, spuIds));
    const have = new Set(present.map((row) => row.spuId));
    const rows = spuIds
      .filter((spuId) => have.has(spuId))
      .map((spuId, sort) => ({ activityCode, spuId, sort }));
    if (rows.length > 0) await db.insert(arSpus).values(rows).onConflictDoNothing();
  }
}

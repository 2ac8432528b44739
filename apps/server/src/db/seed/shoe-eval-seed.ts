import type { Db } from '../client';
import { products, shoeEvalSpus, shoeEvaluations, users } from '../schema';
import { Random } from './random';

/** How many products are open for evaluation, and the most evaluations one of them gets. */
export const SEED_SHOE_EVAL = { spus: 24, maxEvaluations: 36 } as const;
const DAY_MS = 86_400_000;

const TEXTS = [
  '脚感很软，走一天也不累，尺码正常偏小半码。',
  '颜值在线，配色比图片更好看，鞋面做工也干净。',
  '这个价格很值，日常通勤够用了。',
  '鞋底偏硬，需要磨合几天，包裹性不错。',
  '透气性一般，夏天穿会有点闷。',
  '第二双了，老粉表示依然满意。',
  '',
];

/**
 * Shoe evaluations (issue 17 point 3): the first {@link SEED_SHOE_EVAL.spus} products open, each
 * evaluated by distinct seeded users with scores around a product's own mean. Once, on a database
 * that has products and no evaluation list (also one seeded before issue 17).
 */
export async function insertShoeEvalSeed(db: Db): Promise<void> {
  const [open] = await db.select({ spuId: shoeEvalSpus.spuId }).from(shoeEvalSpus).limit(1);
  if (open) return;
  const spus = await db
    .select({ spuId: products.spuId })
    .from(products)
    .orderBy(products.spuId)
    .limit(SEED_SHOE_EVAL.spus);
  const people = await db.select({ id: users.id }).from(users).orderBy(users.id).limit(200);
  if (spus.length === 0 || people.length === 0) return;
  const rng = new Random(17_03);
  const now = Date.now();
  const evaluations: (typeof shoeEvaluations.$inferInsert)[] = [];
  spus.forEach(({ spuId }, i) => {
    const mean = 10 + rng.int(0, 8); // in half steps: 5.0–9.0
    const n = rng.int(0, SEED_SHOE_EVAL.maxEvaluations);
    const start = rng.int(0, people.length - 1);
    for (let k = 0; k < n; k++) {
      const person = people[(start + k * 7) % people.length];
      if (!person) continue;
      const halfSteps = Math.max(0, Math.min(20, mean + rng.int(-4, 4)));
      const stars = Math.max(1, Math.round(halfSteps / 4));
      evaluations.push({
        spuId,
        userId: person.id,
        halfSteps,
        comfort: Math.max(1, Math.min(5, stars + rng.int(-1, 1))),
        looks: Math.max(1, Math.min(5, stars + rng.int(-1, 1))),
        value: Math.max(1, Math.min(5, stars + rng.int(-1, 1))),
        text: rng.pick(TEXTS),
        createdAt: new Date(now - ((i * 3 + rng.int(1, 60)) * DAY_MS) / 4),
      });
    }
  });
  await db.transaction(async (tx) => {
    await tx
      .insert(shoeEvalSpus)
      .values(spus.map(({ spuId }, i) => ({ spuId, openedAt: new Date(now - i * DAY_MS) })));
    for (let i = 0; i < evaluations.length; i += 500)
      await tx
        .insert(shoeEvaluations)
        .values(evaluations.slice(i, i + 500))
        .onConflictDoNothing();
  });
}

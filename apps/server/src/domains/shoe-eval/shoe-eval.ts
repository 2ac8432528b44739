import type { Page, PageQuery, ShoeAggregate, ShoeEvalInfo, ShoeEvalSpu, ShoeEvaluation } from '@h5/contract';
import { SHOE_EVAL_ALREADY_EVALUATED } from '@h5/core';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pageFrom, rowsToRead, timeKeyset } from '../../db/keyset';
import { products, shoeEvalSpus, shoeEvaluations, users } from '../../db/schema';
import { AppError, notFound } from '../../plugins/errors';
import { averageScore, completeCards } from '../commerce/ratings';
import { toProductCard } from '../content/detail';
import { checkEvidence } from '../feedback/evidence';
import { objectUrls, type UploadDeps } from '../upload/external-objects';
import { SHOE_EVAL_MESSAGES } from './messages';

const RECENT = 10;
const spuOrder = timeKeyset(shoeEvalSpus.openedAt, shoeEvalSpus.spuId);
const oneDecimal = (n: number) => Math.round(n * 10) / 10;

type EvaluationRow = typeof shoeEvaluations.$inferSelect;

function toEvaluation(
  row: EvaluationRow,
  user: ShoeEvaluation['user'],
  urlOf: (key: string) => string,
): ShoeEvaluation {
  return {
    evaluationId: row.id,
    user,
    score: row.halfSteps / 2,
    dimensions: { comfort: row.comfort, looks: row.looks, value: row.value },
    text: row.text,
    images: row.imageKeys.map((key) => ({ key, url: urlOf(key) })),
    createdAt: row.createdAt.toISOString(),
  };
}

/** A product's figures from its rows: count, mean, the stars' distribution, the dimensions' means. */
export async function aggregateOf(db: Db, spuId: number): Promise<ShoeAggregate> {
  const [[sums], buckets] = await Promise.all([
    db
      .select({
        n: count(),
        halfSteps: sql<number>`coalesce(sum(${shoeEvaluations.halfSteps}), 0)::int`,
        comfort: sql<number>`coalesce(avg(${shoeEvaluations.comfort}), 0)::float8`,
        looks: sql<number>`coalesce(avg(${shoeEvaluations.looks}), 0)::float8`,
        value: sql<number>`coalesce(avg(${shoeEvaluations.value}), 0)::float8`,
      })
      .from(shoeEvaluations)
      .where(eq(shoeEvaluations.spuId, spuId)),
    db
      .select({
        stars: sql<number>`greatest(1, round(${shoeEvaluations.halfSteps} / 4.0))::int`,
        n: count(),
      })
      .from(shoeEvaluations)
      .where(eq(shoeEvaluations.spuId, spuId))
      .groupBy(sql`1`),
  ]);
  const n = sums?.n ?? 0;
  return {
    count: n,
    average: averageScore(sums?.halfSteps ?? 0, n),
    distribution: [5, 4, 3, 2, 1].map((stars) => ({
      stars,
      count: buckets.find((b) => b.stars === stars)?.n ?? 0,
    })),
    dimensions: {
      comfort: oneDecimal(sums?.comfort ?? 0),
      looks: oneDecimal(sums?.looks ?? 0),
      value: oneDecimal(sums?.value ?? 0),
    },
  };
}

/** spu/list: products open for evaluation, newest opened first, with their figures and my score. */
export async function shoeEvalList(
  db: Db,
  viewerId: number | null,
  query: PageQuery,
): Promise<Page<ShoeEvalSpu>> {
  const stats = db
    .select({
      spuId: shoeEvaluations.spuId,
      n: sql<number>`count(*)::int`.as('n'),
      halfSteps: sql<number>`sum(${shoeEvaluations.halfSteps})::int`.as('half_steps_sum'),
    })
    .from(shoeEvaluations)
    .groupBy(shoeEvaluations.spuId)
    .as('stats');
  const mine = db
    .select({ spuId: shoeEvaluations.spuId, halfSteps: shoeEvaluations.halfSteps })
    .from(shoeEvaluations)
    .where(eq(shoeEvaluations.userId, viewerId ?? 0))
    .as('mine');
  const rows = await db
    .select({
      openedAt: shoeEvalSpus.openedAt,
      product: products,
      n: stats.n,
      halfSteps: stats.halfSteps,
      mine: mine.halfSteps,
    })
    .from(shoeEvalSpus)
    .innerJoin(products, eq(products.spuId, shoeEvalSpus.spuId))
    .leftJoin(stats, eq(stats.spuId, shoeEvalSpus.spuId))
    .leftJoin(mine, eq(mine.spuId, shoeEvalSpus.spuId))
    .where(spuOrder.after(query.lastId))
    .orderBy(...spuOrder.orderBy)
    .limit(rowsToRead(query));
  const page = pageFrom(rows, query.limit, (r) => spuOrder.cursor(r.openedAt, r.product.spuId));
  const cards = await completeCards(
    db,
    viewerId,
    page.list.map((r) => toProductCard(r.product)),
  );
  return {
    ...page,
    list: page.list.map((r, i) => {
      const n = r.n ?? 0;
      return {
        product: cards[i] ?? toProductCard(r.product),
        count: n,
        average: averageScore(r.halfSteps ?? 0, n),
        myScore: r.mine === null ? null : r.mine / 2,
      };
    }),
  };
}

/** spu/info: the product, its figures, the newest evaluations and mine. */
export async function shoeEvalInfo(
  deps: UploadDeps,
  viewerId: number | null,
  spuId: number,
): Promise<ShoeEvalInfo> {
  const { db } = deps;
  const [open] = await db
    .select({ product: products })
    .from(shoeEvalSpus)
    .innerJoin(products, eq(products.spuId, shoeEvalSpus.spuId))
    .where(eq(shoeEvalSpus.spuId, spuId));
  if (!open) throw notFound(SHOE_EVAL_MESSAGES.notOpen);
  const brief = { userId: users.id, userName: users.userName, avatar: users.avatar };
  const [aggregate, recent, [mine]] = await Promise.all([
    aggregateOf(db, spuId),
    db
      .select({ row: shoeEvaluations, user: brief })
      .from(shoeEvaluations)
      .innerJoin(users, eq(users.id, shoeEvaluations.userId))
      .where(eq(shoeEvaluations.spuId, spuId))
      .orderBy(desc(shoeEvaluations.createdAt), desc(shoeEvaluations.id))
      .limit(RECENT),
    viewerId === null
      ? Promise.resolve([])
      : db
          .select({ row: shoeEvaluations, user: brief })
          .from(shoeEvaluations)
          .innerJoin(users, eq(users.id, shoeEvaluations.userId))
          .where(and(eq(shoeEvaluations.spuId, spuId), eq(shoeEvaluations.userId, viewerId))),
  ]);
  const [[product], urlOf] = await Promise.all([
    completeCards(db, viewerId, [toProductCard(open.product)]),
    objectUrls(
      deps,
      [...recent, ...(mine ? [mine] : [])].flatMap((r) => r.row.imageKeys),
    ),
  ]);
  return {
    product: product ?? toProductCard(open.product),
    aggregate,
    recent: recent.map((r) => toEvaluation(r.row, r.user, urlOf)),
    mine: mine ? toEvaluation(mine.row, mine.user, urlOf) : null,
  };
}

/**
 * evaluate: one per user per product. The photos must be the caller's own uploads (the report
 * form's check). `INSERT … ON CONFLICT DO NOTHING` on the unique pair: of any number of
 * concurrent submits one is stored, the others are told it exists; the figures are read from the
 * rows, so they are right at once.
 */
export async function shoeEvaluate(
  deps: UploadDeps,
  userId: number,
  input: {
    spuId: number;
    score: number;
    dimensions: { comfort: number; looks: number; value: number };
    text: string;
    images: ReadonlyArray<{ key: string }>;
  },
): Promise<ShoeEvalInfo> {
  const { db } = deps;
  const [open] = await db.select().from(shoeEvalSpus).where(eq(shoeEvalSpus.spuId, input.spuId));
  if (!open) throw notFound(SHOE_EVAL_MESSAGES.notOpen);
  const keys = await checkEvidence(deps, userId, input.images);
  const [row] = await db
    .insert(shoeEvaluations)
    .values({
      spuId: input.spuId,
      userId,
      halfSteps: Math.round(input.score * 2),
      ...input.dimensions,
      text: input.text,
      imageKeys: keys,
    })
    .onConflictDoNothing({ target: [shoeEvaluations.spuId, shoeEvaluations.userId] })
    .returning({ id: shoeEvaluations.id });
  if (!row) throw new AppError(SHOE_EVAL_ALREADY_EVALUATED, SHOE_EVAL_MESSAGES.alreadyEvaluated);
  return shoeEvalInfo(deps, userId, input.spuId);
}

import { contract } from '@h5/contract';
import {
  BAD_REQUEST,
  FEEDBACK_IMAGE_NOT_OWNED,
  NOT_FOUND,
  SHOE_EVAL_ALREADY_EVALUATED,
  SUCCESS,
  TOURIST,
} from '@h5/core';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { products, shoeEvalSpus } from '../../db/schema';
import { createTestApp, signedInUser, storedObjectOf, type TestApp } from '../../test-utils';
import { ratingsOf } from '../commerce/ratings';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A product not yet open for evaluation, opened now. */
async function openSpu(): Promise<number> {
  const [row] = rowsOf<{ spu_id: number }>(
    await t.db.execute(
      sql`select spu_id from products where spu_id not in (select spu_id from shoe_eval_spus) order by spu_id desc limit 1`,
    ),
  );
  if (!row) throw new Error('no product left to open');
  await t.db.insert(shoeEvalSpus).values({ spuId: row.spu_id });
  return row.spu_id;
}

/** The figures straight from the rows, to hold the answers against. */
async function sqlFigures(spuId: number) {
  const [sums] = rowsOf<{ n: number; avg: number | null }>(
    await t.db.execute(
      sql`select count(*)::int as n, round(avg(half_steps) / 2.0, 1)::float8 as avg from shoe_evaluations where spu_id = ${spuId}`,
    ),
  );
  const buckets = rowsOf<{ stars: number; n: number }>(
    await t.db.execute(
      sql`select case when half_steps >= 18 then 5 when half_steps >= 14 then 4 when half_steps >= 10 then 3 when half_steps >= 6 then 2 else 1 end as stars, count(*)::int as n
          from shoe_evaluations where spu_id = ${spuId} group by 1`,
    ),
  );
  return {
    count: sums?.n ?? 0,
    average: sums?.avg ?? 0,
    distribution: [5, 4, 3, 2, 1].map((stars) => ({
      stars,
      count: buckets.find((b) => b.stars === stars)?.n ?? 0,
    })),
  };
}

const evaluation = (spuId: number, score: number, extra: Record<string, unknown> = {}) => ({
  spuId,
  score,
  dimensions: { comfort: 4, looks: 5, value: 3 },
  text: '脚感很软，尺码正常',
  images: [],
  ...extra,
});

describe('shoe evaluations', () => {
  it('lists the open products with figures from the rows; a visitor has no score of their own', async () => {
    const res = await t.signedInject(contract.shoeEval.shoeEvalList, { limit: 5 });
    expect(res.body.code).toBe(SUCCESS);
    expect(res.body.data.list).toHaveLength(5);
    for (const item of res.body.data.list) {
      expect(item.myScore).toBeNull();
      const figures = await sqlFigures(item.product.spuId);
      expect({ count: item.count, average: item.average }).toEqual({
        count: figures.count,
        average: figures.average,
      });
    }
    const next = await t.signedInject(contract.shoeEval.shoeEvalList, {
      limit: 5,
      lastId: res.body.data.lastId ?? '',
    });
    const ids = [...res.body.data.list, ...next.body.data.list].map((i) => i.product.spuId);
    expect(new Set(ids).size).toBe(10);
  });

  it('answers a product’s aggregate, distribution and dimensions as SQL over the rows says', async () => {
    const list = await t.signedInject(contract.shoeEval.shoeEvalList, { limit: 20 });
    const busiest = [...list.body.data.list].sort((a, b) => b.count - a.count)[0];
    if (!busiest) throw new Error('no open product');
    const info = await t.signedInject(contract.shoeEval.shoeEvalInfo, { spuId: busiest.product.spuId });
    const figures = await sqlFigures(busiest.product.spuId);
    expect(info.body.data.aggregate).toMatchObject(figures);
    expect(info.body.data.recent.length).toBe(Math.min(10, figures.count));
    const closed = await t.signedInject(contract.shoeEval.shoeEvalInfo, { spuId: 999_999_999 });
    expect(closed.body).toMatchObject({ code: NOT_FOUND, msg: '该商品未开放评价' });
  });

  it('rates the product card from its evaluations: none before the first, the page’s average after each', async () => {
    const spuId = await openSpu();
    const card = async () =>
      (await t.signedInject(contract.shoeEval.shoeEvalInfo, { spuId })).body.data.product.dpInfo;
    expect(await card()).toEqual({ score: 0, number: 0 });
    const [first, second] = await Promise.all([
      signedInUser(t.app, t.db, 'rating-first'),
      signedInUser(t.app, t.db, 'rating-second'),
    ]);
    await t.signedInject(contract.shoeEval.shoeEvaluate, evaluation(spuId, 8), { cookies: first.cookies });
    expect(await card()).toEqual({ score: 8, number: 1 });
    const after = await t.signedInject(contract.shoeEval.shoeEvaluate, evaluation(spuId, 6.5), {
      cookies: second.cookies,
    });
    // (8 + 6.5) / 2 = 7.25, shown to one decimal as the evaluation page shows it.
    expect(after.body.data.aggregate).toMatchObject({ count: 2, average: 7.3 });
    expect(after.body.data.product.dpInfo).toEqual({ score: 7.3, number: 2 });
    const list = await t.signedInject(contract.shoeEval.shoeEvalList, { limit: 1 });
    expect(list.body.data.list[0]?.product).toMatchObject({ spuId, dpInfo: { score: 7.3, number: 2 } });
    const ratings = await ratingsOf(t.db, [spuId, 999_999_999]);
    expect([...ratings]).toEqual([
      [spuId, { score: 7.3, number: 2 }],
      [999_999_999, { score: 0, number: 0 }],
    ]);
  });

  it('refuses a visitor, a score off the half steps, a bad dimension, ten photos and someone else’s photo', async () => {
    const spuId = await openSpu();
    expect((await t.signedInject(contract.shoeEval.shoeEvaluate, evaluation(spuId, 8))).body.code).toBe(
      TOURIST,
    );
    const user = await signedInUser(t.app, t.db, 'shoe-critic');
    const as = { cookies: user.cookies };
    const offStep = await t.signedInject(contract.shoeEval.shoeEvaluate, evaluation(spuId, 7.3), as);
    expect(offStep.status).toBe(400);
    expect(offStep.body).toMatchObject({
      code: BAD_REQUEST,
      msg: 'score: 评分须为 0 到 10 之间的半步（0、0.5、1 … 10）',
    });
    const over = await t.signedInject(contract.shoeEval.shoeEvaluate, evaluation(spuId, 10.5), as);
    expect(over.body.msg).toBe('score: 评分须为 0 到 10 之间的半步（0、0.5、1 … 10）');
    const dim = await t.signedInject(
      contract.shoeEval.shoeEvaluate,
      evaluation(spuId, 8, { dimensions: { comfort: 6, looks: 5, value: 3 } }),
      as,
    );
    expect(dim.body.msg).toBe('dimensions.comfort: 须为 1 到 5 颗星');
    const ten = await t.signedInject(
      contract.shoeEval.shoeEvaluate,
      evaluation(spuId, 8, { images: Array.from({ length: 10 }, (_, i) => ({ key: `k${i}` })) }),
      as,
    );
    expect(ten.body.msg).toBe('images: 最多上传 9 张图片');
    const other = await signedInUser(t.app, t.db, 'shoe-other');
    const foreign = await storedObjectOf(t.db, other.userId);
    const notMine = await t.signedInject(
      contract.shoeEval.shoeEvaluate,
      evaluation(spuId, 8, { images: [{ key: foreign }] }),
      as,
    );
    expect(notMine.body.code).toBe(FEEDBACK_IMAGE_NOT_OWNED);
    expect((await sqlFigures(spuId)).count).toBe(0);
  });

  it('keeps one evaluation per user under 20 concurrent submits, with the photos, and shows it at once', async () => {
    const spuId = await openSpu();
    const user = await signedInUser(t.app, t.db, 'shoe-double-tap');
    const photo = await storedObjectOf(t.db, user.userId);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.signedInject(contract.shoeEval.shoeEvaluate, evaluation(spuId, 8.5, { images: [{ key: photo }] }), {
          cookies: user.cookies,
        }),
      ),
    );
    const codes = answers.map((a) => a.body.code);
    expect(codes.filter((c) => c === SUCCESS)).toHaveLength(1);
    expect(codes.filter((c) => c === SHOE_EVAL_ALREADY_EVALUATED)).toHaveLength(19);
    expect(answers.find((a) => a.body.code !== SUCCESS)?.body.msg).toBe(
      '你已经评价过这双鞋，每人只能评价一次',
    );
    const ok = answers.find((a) => a.body.code === SUCCESS)?.body.data;
    expect(ok?.mine).toMatchObject({ score: 8.5, dimensions: { comfort: 4, looks: 5, value: 3 } });
    expect(ok?.mine?.images).toEqual([{ key: photo, url: `/cdn/${photo}` }]);
    expect(ok?.aggregate).toMatchObject({ count: 1, average: 8.5 });
    expect(ok?.aggregate.distribution.find((d) => d.stars === 4)?.count).toBe(1);
    const listed = await t.signedInject(
      contract.shoeEval.shoeEvalList,
      { limit: 40 },
      { cookies: user.cookies },
    );
    expect(listed.body.data.list.find((i) => i.product.spuId === spuId)?.myScore).toBe(8.5);
  });

  it('gets the aggregate right under 20 concurrent evaluations by 20 users', async () => {
    const spuId = await openSpu();
    const people = await Promise.all(
      Array.from({ length: 20 }, (_, i) => signedInUser(t.app, t.db, `shoe-crowd-${i}`)),
    );
    const scores = people.map((_, i) => (i % 21) / 2); // 0, 0.5 … 9.5
    await Promise.all(
      people.map((p, i) =>
        t.signedInject(contract.shoeEval.shoeEvaluate, evaluation(spuId, scores[i] ?? 0), {
          cookies: p.cookies,
        }),
      ),
    );
    const info = await t.signedInject(contract.shoeEval.shoeEvalInfo, { spuId });
    const figures = await sqlFigures(spuId);
    expect(figures.count).toBe(20);
    expect(info.body.data.aggregate).toMatchObject(figures);
    // 0 … 9.5 in half steps: mean 4.75 → 4.8; stars 1: 0–2.5 (6), 2: 3–4.5 (4), 3: 5–6.5 (4), 4: 7–8.5 (4), 5: 9–9.5 (2).
    expect(info.body.data.aggregate.average).toBe(4.8);
    expect(info.body.data.aggregate.distribution).toEqual([
      { stars: 5, count: 2 },
      { stars: 4, count: 4 },
      { stars: 3, count: 4 },
      { stars: 2, count: 4 },
      { stars: 1, count: 6 },
    ]);
    expect(info.body.data.aggregate.dimensions).toEqual({ comfort: 4, looks: 5, value: 3 });
    expect((await t.db.select().from(products).where(eq(products.spuId, spuId))).length).toBe(1);
  });
});

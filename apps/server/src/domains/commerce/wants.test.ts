import { contract } from '@h5/contract';
import { NOT_FOUND, SUCCESS, TOURIST } from '@h5/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { createTestApp, signedInUser, type TestApp } from '../../test-utils';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const wantRows = async (userId: number, spuId: number) =>
  rowsOf<{ n: number }>(
    await t.db.execute(
      sql`select count(*)::int as n from product_wants where user_id = ${userId} and spu_id = ${spuId}`,
    ),
  )[0]?.n;

describe('product wants (isCollection)', () => {
  it('refuses a visitor with 7999 and an unknown product with 404', async () => {
    expect(
      (await t.signedInject(contract.commerce.productWant, { spuId: 1000001, want: true })).body.code,
    ).toBe(TOURIST);
    const user = await signedInUser(t.app, t.db, 'want-unknown');
    const res = await t.signedInject(
      contract.commerce.productWant,
      { spuId: 999_999_999, want: true },
      { cookies: user.cookies },
    );
    expect(res.body).toMatchObject({ code: NOT_FOUND, msg: '商品不存在' });
  });

  it('a want shows on every card of the product for that user only, once however often sent; un-want clears it', async () => {
    const [article] = rowsOf<{ id: number }>(
      await t.db.execute(sql`select id from contents where content_type = 3 order by id limit 1`),
    );
    const contentId = article?.id as number;
    const visitorView = await t.signedInject(contract.content.contentDetail, { contentId });
    const spuId = visitorView.body.data.products[0]?.spuId as number;
    expect(spuId).toBeGreaterThan(0);
    const user = await signedInUser(t.app, t.db, 'want-fan');
    const other = await signedInUser(t.app, t.db, 'want-other');
    const as = { cookies: user.cookies };
    const before =
      rowsOf<{ n: number }>(
        await t.db.execute(sql`select count(*)::int as n from product_wants where spu_id = ${spuId}`),
      )[0]?.n ?? 0;
    const sends = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.signedInject(contract.commerce.productWant, { spuId, want: true }, as),
      ),
    );
    expect(sends.every((s) => s.body.code === SUCCESS && s.body.data.isCollection === 1)).toBe(true);
    expect(await wantRows(user.userId, spuId)).toBe(1);
    expect(sends[0]?.body.data.wantCount).toBe(before + 1);

    const cardIn = (data: { products: Array<{ spuId: number; isCollection: number }> }) =>
      data.products.find((p) => p.spuId === spuId)?.isCollection;
    expect(cardIn((await t.signedInject(contract.content.contentDetail, { contentId }, as)).body.data)).toBe(
      1,
    );
    expect(
      cardIn(
        (await t.signedInject(contract.content.contentDetail, { contentId }, { cookies: other.cookies })).body
          .data,
      ),
    ).toBe(0);
    expect(cardIn((await t.signedInject(contract.content.contentDetail, { contentId })).body.data)).toBe(0);
    const commodity = await t.signedInject(contract.content.newCommodityContents, { spuId, limit: 5 }, as);
    for (const card of commodity.body.data.list) expect(card.product.isCollection).toBe(1);

    const off = await t.signedInject(contract.commerce.productWant, { spuId, want: false }, as);
    expect(off.body.data).toMatchObject({ isCollection: 0, wantCount: before });
    expect(await wantRows(user.userId, spuId)).toBe(0);
    expect(cardIn((await t.signedInject(contract.content.contentDetail, { contentId }, as)).body.data)).toBe(
      0,
    );
  });
});

import { contract } from '@h5/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentProducts, products } from '../../db/schema';
import { generateSeed } from '../../db/seed/generate';
import { createTestApp, type TestApp } from '../../test-utils';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// Issue 14 point 5: product cards show a price, and the single-product list a brand.
describe('product price and brand', () => {
  it('the detail and the single-product list carry the stored price (fen) and brand', async () => {
    const [link] = await t.db
      .select({ spuId: contentProducts.spuId, contentId: contentProducts.contentId })
      .from(contentProducts)
      .orderBy(contentProducts.contentId)
      .limit(1);
    const spuId = link?.spuId as number;
    const saved = await t.db.select().from(products).where(eq(products.spuId, spuId));
    await t.db.update(products).set({ price: 129_900, brand: 'Nike' }).where(eq(products.spuId, spuId));
    try {
      const detail = await t.signedInject(contract.content.contentDetail, {
        contentId: link?.contentId as number,
      });
      const card = detail.body.data.products.find((p) => p.spuId === spuId);
      expect(card?.price).toBe(129_900);
      expect(card?.brand).toBe('Nike');
      const list = await t.signedInject(contract.content.newCommodityContents, { spuId, limit: 5 });
      expect(list.body.data.list[0]?.product.price).toBe(129_900);
      expect(list.body.data.list[0]?.product.brand).toBe('Nike');
    } finally {
      const row = saved[0];
      if (row)
        await t.db
          .update(products)
          .set({ price: row.price, brand: row.brand })
          .where(eq(products.spuId, spuId));
    }
  });

  it('every seeded product has a positive price and a title that starts with its brand', async () => {
    // Other test files (search) add products of their own to the shared database.
    const seeded = new Set(generateSeed().products.map((product) => product.spuId));
    const rows = (await t.db.select().from(products)).filter((row) => seeded.has(row.spuId));
    expect(rows.length).toBe(200);
    expect(rows.filter((r) => !(r.price > 0))).toEqual([]);
    expect(rows.filter((r) => r.brand === '' || !r.title.startsWith(`${r.brand} `))).toEqual([]);
  });
});

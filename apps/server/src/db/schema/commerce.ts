import { boolean, integer, pgTable, real, text, varchar } from 'drizzle-orm/pg-core';

/** Product cards of spec §3: spuId, title, logoUrl, isNewProduct, dpInfo {score, number}. */
export const products = pgTable('products', {
  spuId: integer('spu_id').primaryKey(),
  title: varchar('title', { length: 200 }).notNull(),
  logoUrl: text('logo_url').notNull(),
  isNewProduct: boolean('is_new_product').notNull().default(false),
  /** 0–10. */
  score: real('score').notNull().default(0),
  raters: integer('raters').notNull().default(0),
});

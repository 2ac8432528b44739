import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * Product cards of spec §3: spuId, title, logoUrl, isNewProduct, dpInfo {score, number}. dpInfo is
 * not kept here: it is read from the product's shoe evaluations (commerce/ratings.ts, issue 31).
 */
export const products = pgTable(
  'products',
  {
    spuId: integer('spu_id').primaryKey(),
    title: varchar('title', { length: 200 }).notNull(),
    /** The brand the title starts with (issue 14 point 5: the single-product list's header). */
    brand: varchar('brand', { length: 60 }).notNull().default(''),
    /** In fen (1/100 yuan), as the shopping app's APIs carry prices. */
    price: integer('price').notNull().default(0),
    logoUrl: text('logo_url').notNull(),
    isNewProduct: boolean('is_new_product').notNull().default(false),
  },
  // Search by title (issue 32 point 2, decision 024).
  (t) => [index('products_search_idx').using('gin', sql`search_grams(${t.title})`)],
);

/** A creator in the product commission programme (issue 17 point 2): one row, joined once. */
export const commissionMembers = pgTable('commission_members', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  joinedAt: timestamp('joined_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});

/** A user's want of a product (spec §3 `isCollection`, issue 17 point 4): one row per pair. */
export const productWants = pgTable(
  'product_wants',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    spuId: integer('spu_id')
      .notNull()
      .references(() => products.spuId),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.spuId] }), index('product_wants_spu_idx').on(t.spuId)],
);

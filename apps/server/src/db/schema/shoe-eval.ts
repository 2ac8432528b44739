import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, timestamp, unique, varchar } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { products } from './commerce';

const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/** A product open for evaluation (issue 17 point 3), in the list's order. */
export const shoeEvalSpus = pgTable(
  'shoe_eval_spus',
  {
    spuId: integer('spu_id')
      .primaryKey()
      .references(() => products.spuId),
    openedAt: at('opened_at').notNull().defaultNow(),
  },
  (t) => [index('shoe_eval_spus_opened_idx').on(t.openedAt, t.spuId)],
);

/**
 * One user's evaluation of one product: the unique pair makes it one per user whatever the
 * number of concurrent submits. The score is kept in half steps (0–20) so sums stay exact.
 */
export const shoeEvaluations = pgTable(
  'shoe_evaluations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    spuId: integer('spu_id')
      .notNull()
      .references(() => shoeEvalSpus.spuId),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    halfSteps: integer('half_steps').notNull(),
    comfort: integer('comfort').notNull(),
    looks: integer('looks').notNull(),
    value: integer('value').notNull(),
    text: varchar('text', { length: 200 }).notNull().default(''),
    imageKeys: jsonb('image_keys').$type<string[]>().notNull().default([]),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('shoe_evaluations_one_per_user').on(t.spuId, t.userId),
    index('shoe_evaluations_recent_idx').on(t.spuId, t.createdAt),
    check('shoe_evaluations_half_steps_check', sql`${t.halfSteps} between 0 and 20`),
    check(
      'shoe_evaluations_dimensions_check',
      sql`${t.comfort} between 1 and 5 and ${t.looks} between 1 and 5 and ${t.value} between 1 and 5`,
    ),
  ],
);

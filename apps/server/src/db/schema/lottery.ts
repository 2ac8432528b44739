import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './auth';

const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * A lottery a host runs in a live stream (issue 17 point 1): `quantity` prizes drawn among the
 * entrants at `drawAt`. `drawnAt` is set by the one draw that happens (a conditional UPDATE).
 */
export const lotteries = pgTable(
  'lotteries',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    streamId: integer('stream_id').notNull(),
    hostUserId: integer('host_user_id')
      .notNull()
      .references(() => users.id),
    prize: varchar('prize', { length: 40 }).notNull(),
    quantity: integer('quantity').notNull(),
    /** none: anyone logged in; follow: the host's followers only. */
    entryRule: varchar('entry_rule', { length: 8 }).notNull(),
    drawAt: at('draw_at').notNull(),
    drawnAt: at('drawn_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('lotteries_stream_idx').on(t.streamId, t.id),
    check('lotteries_quantity_check', sql`${t.quantity} between 1 and 100`),
    check('lotteries_entry_rule_check', sql`${t.entryRule} in ('none', 'follow')`),
  ],
);

/** One entry per user per lottery (the primary key makes repeated entries one). */
export const lotteryEntries = pgTable(
  'lottery_entries',
  {
    lotteryId: integer('lottery_id')
      .notNull()
      .references(() => lotteries.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.lotteryId, t.userId] })],
);

/**
 * A prize won: one row per winner, written by the draw. The address is on the row, so a prize has
 * one address whatever the number of concurrent submits (UPDATE … WHERE address_at IS NULL); the
 * waybill too, and `shippedAt` ends address changes.
 */
export const lotteryWinners = pgTable(
  'lottery_winners',
  {
    lotteryId: integer('lottery_id')
      .notNull()
      .references(() => lotteries.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    name: varchar('name', { length: 20 }),
    mobile: varchar('mobile', { length: 11 }),
    region: varchar('region', { length: 60 }),
    street: varchar('street', { length: 120 }),
    addressAt: at('address_at'),
    courier: varchar('courier', { length: 20 }),
    trackingNo: varchar('tracking_no', { length: 30 }),
    shippedAt: at('shipped_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.lotteryId, t.userId] })],
);

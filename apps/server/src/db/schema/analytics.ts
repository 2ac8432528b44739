import { index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Client telemetry (render errors, white-screen risk, time-outs, missing cookie). */
export const telemetry = pgTable(
  'telemetry',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    kind: varchar('kind', { length: 32 }).notNull(),
    message: text('message').notNull(),
    pageUrl: text('page_url').notNull(),
    detail: text('detail'),
    userAgent: text('user_agent'),
    flowType: varchar('flow_type', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  // The internal list pages newest first by id, optionally of one kind.
  (t) => [index('telemetry_kind_idx').on(t.kind, t.id)],
);

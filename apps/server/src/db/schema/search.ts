import { index, integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * A signed-in user's recent searches (issue 32 point 2): one row per keyword, the newest ten
 * kept; a repeated keyword moves to the top. Visitors keep theirs in the browser.
 */
export const searchRecents = pgTable(
  'search_recents',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    keyword: varchar('keyword', { length: 30 }).notNull(),
    searchedAt: timestamp('searched_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.keyword] }),
    index('search_recents_user_idx').on(t.userId, t.searchedAt),
  ],
);

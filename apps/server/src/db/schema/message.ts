import type { MessageKind } from '@h5/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, unique, varchar } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { contents } from './content';

const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * A message to a user (issue 32 point 3): someone answered, lit or followed them, or a system
 * notice. Written by the write that causes it, in its transaction; `dedupeKey` names the event
 * (`light:<user>:<content>`, `reply:<reply>`, `follow:<follower>:<followee>`,
 * `system:<source>:<id>`), unique per recipient (a child reply tells the content's author and the
 * user it answers under one key), so a retried or repeated write adds nothing.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    recipientId: integer('recipient_id')
      .notNull()
      .references(() => users.id),
    kind: varchar('kind', { length: 8 }).$type<MessageKind>().notNull(),
    actorId: integer('actor_id').references(() => users.id),
    contentId: integer('content_id').references(() => contents.id),
    /** No foreign key: the author may delete the reply; the list then shows it gone. */
    replyId: integer('reply_id'),
    /** A system notice's kind (`report.taken_down`, `lottery.won`, …), its text and link. */
    noticeKey: varchar('notice_key', { length: 40 }),
    text: text('text'),
    link: text('link'),
    dedupeKey: varchar('dedupe_key', { length: 120 }).notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    readAt: at('read_at'),
  },
  (t) => [
    unique('notifications_dedupe').on(t.recipientId, t.dedupeKey),
    check('notifications_kind', sql`kind in ('reply', 'light', 'follow', 'system')`),
    // A kind's list, newest first, scanned backwards (ascending on purpose: see replies_top_idx).
    index('notifications_list_idx').on(t.recipientId, t.kind, t.createdAt, t.id),
    // The unread counts read only unread rows: small however many messages a user keeps.
    index('notifications_unread_idx').on(t.recipientId, t.kind).where(sql`read_at is null`),
  ],
);

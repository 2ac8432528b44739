import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  timestamp,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './auth';

const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });
/** A China-time calendar day ('YYYY-MM-DD'): daily and weekly figures are kept per day. */
const day = (name: string) => date(name, { mode: 'string' });

/**
 * A live platform event applied (issue 31 point 1): its id is the platform's, so a repeat, even
 * concurrent on another node, inserts nothing and applies nothing. Written in the transaction of
 * the event's effect; refused events are not kept.
 */
export const livePlatformEvents = pgTable(
  'live_platform_events',
  {
    eventId: varchar('event_id', { length: 64 }).primaryKey(),
    streamId: integer('stream_id')
      .notNull()
      .references(() => liveStreams.id),
    type: varchar('type', { length: 24 }).notNull(),
    userId: integer('user_id'),
    /** `units` of light / comment / share / watch minutes, the gift's count; 0 for the others. */
    units: integer('units').notNull().default(0),
    /** The gift's id on the platform (gifts move nothing yet: they are only kept). */
    giftId: varchar('gift_id', { length: 64 }),
    occurredAt: at('occurred_at').notNull(),
    receivedAt: at('received_at').notNull().defaultNow(),
  },
  (t) => [index('live_platform_events_stream_idx').on(t.streamId, t.occurredAt)],
);

/** A live host (issue 16): experience makes the host level (domains/live/host-levels.ts). */
export const liveHosts = pgTable('live_hosts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  experience: integer('experience').notNull().default(0),
  createdAt: at('created_at').notNull().defaultNow(),
});

/**
 * A host's stream (the page query's `streamId`): one room per host. `jumpUrl` is where the live
 * jump sends the audience; null falls back to our room page by `roomId`.
 */
export const liveStreams = pgTable('live_streams', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  hostId: integer('host_id')
    .notNull()
    .unique('live_streams_one_per_host')
    .references(() => liveHosts.userId),
  roomId: integer('room_id').notNull().unique('live_streams_room'),
  title: varchar('title', { length: 40 }).notNull(),
  jumpUrl: varchar('jump_url', { length: 300 }),
});

/**
 * One broadcast of a stream (the page query's `streamLogId`): running while `endedAt` is null and
 * its last event is within LIVE_SILENCE_MINUTES (issue 31: a platform that never sends the end
 * must not leave it live forever; domains/live/silence.ts).
 */
export const liveStreamLogs = pgTable(
  'live_stream_logs',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    streamId: integer('stream_id')
      .notNull()
      .references(() => liveStreams.id),
    startedAt: at('started_at').notNull().defaultNow(),
    endedAt: at('ended_at'),
    /** The time of the latest event applied to it (its start at first): silence is measured from it. */
    lastEventAt: at('last_event_at').notNull().defaultNow(),
  },
  (t) => [index('live_stream_logs_stream_idx').on(t.streamId, t.startedAt)],
);

/** A host's fans group (one per host); renames are counted in `fans_group_renames`. */
export const fansGroups = pgTable('fans_groups', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  hostId: integer('host_id')
    .notNull()
    .unique('fans_groups_one_per_host')
    .references(() => liveHosts.userId),
  name: varchar('name', { length: 20 }).notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
  /**
   * Its members (issue 33 point 2): kept by a trigger on `fans_group_members` (migration 0038),
   * never written by the server's code, so a page reads it instead of counting the group.
   */
  memberCount: integer('member_count').notNull().default(0),
});

/** A rename of a group: the limit per period counts these rows. */
export const fansGroupRenames = pgTable(
  'fans_group_renames',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    groupId: integer('group_id')
      .notNull()
      .references(() => fansGroups.id),
    oldName: varchar('old_name', { length: 20 }).notNull(),
    newName: varchar('new_name', { length: 20 }).notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('fans_group_renames_group_idx').on(t.groupId, t.createdAt)],
);

/** A member of a group: intimacy points make the fans level (domains/live/fans-levels.ts). */
export const fansGroupMembers = pgTable(
  'fans_group_members',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => fansGroups.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    intimacy: integer('intimacy').notNull().default(0),
    fansLevel: integer('fans_level').notNull().default(1),
    joinedAt: at('joined_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    // Scanned backwards for the rank's (intimacy desc, user_id desc). Ascending on purpose: Drizzle
    // writes a DESC column as DESC NULLS LAST, which ORDER BY ... DESC (NULLS FIRST) cannot use,
    // so a page sorted the whole group (issue 19 point 5).
    index('fans_group_members_rank_idx').on(t.groupId, t.intimacy, t.userId),
    index('fans_group_members_user_idx').on(t.userId),
  ],
);

/**
 * How many members of a group have each intimacy total (issue 33 point 2): the rank of a member is
 * one more than the members of higher totals (a sum over the distinct totals above theirs) and of
 * their own total with a later user id. Kept with `member_count` by the same trigger (migration
 * 0038); a total nobody has any more stays as a row of 0.
 */
export const fansGroupIntimacyCounts = pgTable(
  'fans_group_intimacy_counts',
  {
    groupId: integer('group_id').notNull(),
    intimacy: integer('intimacy').notNull(),
    members: integer('members').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.intimacy] })],
);

/** A member's intimacy of one China-time day: the today rank reads it. */
export const fansIntimacyDays = pgTable(
  'fans_intimacy_days',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => fansGroups.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    day: day('day').notNull(),
    points: integer('points').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.day, t.userId] }),
    index('fans_intimacy_days_rank_idx').on(t.groupId, t.day, t.points.desc(), t.userId.desc()),
  ],
);

/** How many members of a group gained each number of points on one day: the today rank's `mine` sums it (migration 0038). */
export const fansIntimacyDayCounts = pgTable(
  'fans_intimacy_day_counts',
  {
    groupId: integer('group_id').notNull(),
    day: day('day').notNull(),
    points: integer('points').notNull(),
    members: integer('members').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.day, t.points] })],
);

/** A member's progress on one weekly task (`week` is the Monday, China time). */
export const fansWeekTaskProgress = pgTable(
  'fans_week_task_progress',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => fansGroups.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    week: day('week').notNull(),
    taskKey: varchar('task_key', { length: 20 }).notNull(),
    progress: integer('progress').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId, t.week, t.taskKey] })],
);

/** A claimed weekly award: the unique key is what makes a claim happen once per task, member and week. */
export const fansWeekTaskAwards = pgTable(
  'fans_week_task_awards',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    groupId: integer('group_id')
      .notNull()
      .references(() => fansGroups.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    week: day('week').notNull(),
    taskKey: varchar('task_key', { length: 20 }).notNull(),
    intimacy: integer('intimacy').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [unique('fans_week_task_awards_once').on(t.groupId, t.userId, t.week, t.taskKey)],
);

/** A claimed level allowance: once per member and fans level, by the unique key. */
export const fansAllowanceClaims = pgTable(
  'fans_allowance_claims',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    groupId: integer('group_id')
      .notNull()
      .references(() => fansGroups.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    fansLevel: integer('fans_level').notNull(),
    /** In fen (0.01 yuan). */
    amountCents: integer('amount_cents').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [unique('fans_allowance_claims_once').on(t.groupId, t.userId, t.fansLevel)],
);

/** The gifts a fans level unlocks. */
export const fansLevelGifts = pgTable(
  'fans_level_gifts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    fansLevel: integer('fans_level').notNull(),
    name: varchar('name', { length: 20 }).notNull(),
    icon: varchar('icon', { length: 200 }).notNull(),
  },
  (t) => [index('fans_level_gifts_level_idx').on(t.fansLevel)],
);

/** A host's progress on one daily task of one China-time day; `rewarded` once its experience was given. */
export const hostDailyTaskProgress = pgTable(
  'host_daily_task_progress',
  {
    hostId: integer('host_id')
      .notNull()
      .references(() => liveHosts.userId),
    day: day('day').notNull(),
    taskKey: varchar('task_key', { length: 20 }).notNull(),
    progress: integer('progress').notNull().default(0),
    rewarded: boolean('rewarded').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.hostId, t.day, t.taskKey] })],
);

/** A change of a host's credit score (the score is 100 plus their sum). */
export const hostCreditRecords = pgTable(
  'host_credit_records',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    hostId: integer('host_id')
      .notNull()
      .references(() => liveHosts.userId),
    delta: integer('delta').notNull(),
    reason: varchar('reason', { length: 60 }).notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('host_credit_records_host_idx').on(t.hostId, t.createdAt, t.id),
    check('host_credit_records_delta', sql`delta <> 0`),
  ],
);

import type { FansRankItem, Page, PageQuery } from '@h5/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { decodeIntRankCursor, encodeRankCursor } from '../../db/cursor';
import { pageFrom, rowsToRead } from '../../db/keyset';
import {
  fansGroupIntimacyCounts,
  fansGroupMembers,
  fansGroups,
  fansIntimacyDayCounts,
  fansIntimacyDays,
  users,
} from '../../db/schema';
import { chinaDay, fansLevelOf } from './rules';

/** Ranks are by intimacy, highest first; ties by the later user id (the cursor's rank desc, id desc). */
const m = fansGroupMembers;

/**
 * The rank of a member with this intimacy and user id: one more than the members ahead of them,
 * those of a higher total summed from the per-total counters (one row per distinct total above
 * theirs) and those of their total with a later user id counted (issue 33 point 2).
 */
export async function rankOf(db: Db, groupId: number, intimacy: number, userId: number): Promise<number> {
  const h = fansGroupIntimacyCounts;
  const result = await db.execute(sql`
    select 1 + (select coalesce(sum(${h.members}), 0) from ${h}
        where ${h.groupId} = ${groupId} and ${h.intimacy} > ${intimacy}::integer)
      + (select count(*) from ${m} where ${m.groupId} = ${groupId} and ${m.intimacy} = ${intimacy}::integer
        and ${m.userId} > ${userId}::integer) as rank`);
  return Number(rowsOf<{ rank: number | string }>(result)[0]?.rank ?? 1);
}

/** One page of a group's all-time rank, each member with their absolute rank. */
export async function groupRankPage(db: Db, groupId: number, query: PageQuery): Promise<Page<FansRankItem>> {
  const bound = query.lastId ? decodeIntRankCursor(query.lastId) : null;
  const rows = await db
    .select({
      userId: m.userId,
      intimacy: m.intimacy,
      fansLevel: m.fansLevel,
      userName: users.userName,
      avatar: users.avatar,
    })
    .from(m)
    .innerJoin(users, eq(users.id, m.userId))
    .where(
      and(
        eq(m.groupId, groupId),
        bound
          ? sql`(${m.intimacy}, ${m.userId}) < (${bound.rank}::integer, ${bound.id}::integer)`
          : undefined,
      ),
    )
    .orderBy(desc(m.intimacy), desc(m.userId))
    .limit(rowsToRead(query));
  const page = pageFrom(rows, query.limit, (r) => encodeRankCursor({ rank: r.intimacy, id: r.userId }));
  const first = page.list[0];
  const firstRank = first ? await rankOf(db, groupId, first.intimacy, first.userId) : 1;
  return {
    ...page,
    list: page.list.map((r, i) => ({
      rank: firstRank + i,
      user: { userId: r.userId, userName: r.userName, avatar: r.avatar },
      intimacy: r.intimacy,
      fansLevel: r.fansLevel,
    })),
  };
}

/** The caller's own place in the all-time rank, wherever it is; null for a non-member. */
export async function myRank(db: Db, groupId: number, userId: number): Promise<FansRankItem | null> {
  const [row] = await db
    .select({ intimacy: m.intimacy, fansLevel: m.fansLevel, userName: users.userName, avatar: users.avatar })
    .from(m)
    .innerJoin(users, eq(users.id, m.userId))
    .where(and(eq(m.groupId, groupId), eq(m.userId, userId)));
  if (!row) return null;
  return {
    rank: await rankOf(db, groupId, row.intimacy, userId),
    user: { userId, userName: row.userName, avatar: row.avatar },
    intimacy: row.intimacy,
    fansLevel: row.fansLevel,
  };
}

/** How many members the today rank shows. */
export const TODAY_RANK_SIZE = 50;

/** Today's (China time) top members by the intimacy they gained today. */
export async function todayRank(db: Db, groupId: number, atMs = Date.now()) {
  const day = chinaDay(atMs);
  const d = fansIntimacyDays;
  const rows = await db
    .select({
      userId: d.userId,
      points: d.points,
      total: m.intimacy,
      userName: users.userName,
      avatar: users.avatar,
    })
    .from(d)
    .innerJoin(users, eq(users.id, d.userId))
    .innerJoin(m, and(eq(m.groupId, d.groupId), eq(m.userId, d.userId)))
    .where(and(eq(d.groupId, groupId), eq(d.day, day), sql`${d.points} > 0`))
    .orderBy(desc(d.points), desc(d.userId))
    .limit(TODAY_RANK_SIZE);
  return {
    day,
    list: rows.map((r, i) => ({
      rank: i + 1,
      user: { userId: r.userId, userName: r.userName, avatar: r.avatar },
      intimacy: r.points,
      fansLevel: fansLevelOf(r.total),
    })),
  };
}

/** Members of a group, from its counter (kept by a trigger, migration 0038). */
export async function memberCount(db: Db, groupId: number): Promise<number> {
  const [row] = await db
    .select({ n: fansGroups.memberCount })
    .from(fansGroups)
    .where(eq(fansGroups.id, groupId));
  return row?.n ?? 0;
}

/** The caller's place in today's rank; null when they gained nothing today (or are not a member). */
export async function myTodayRank(
  db: Db,
  groupId: number,
  userId: number,
  atMs = Date.now(),
): Promise<FansRankItem | null> {
  const day = chinaDay(atMs);
  const d = fansIntimacyDays;
  const [row] = await db
    .select({ points: d.points, total: m.intimacy, userName: users.userName, avatar: users.avatar })
    .from(d)
    .innerJoin(users, eq(users.id, d.userId))
    .innerJoin(m, and(eq(m.groupId, d.groupId), eq(m.userId, d.userId)))
    .where(and(eq(d.groupId, groupId), eq(d.day, day), eq(d.userId, userId), sql`${d.points} > 0`));
  if (!row) return null;
  const h = fansIntimacyDayCounts;
  // As rankOf: the day's members of more points from the per-points counters, ties by user id.
  const ahead = await db.execute(sql`
    select (select coalesce(sum(${h.members}), 0) from ${h}
        where ${h.groupId} = ${groupId} and ${h.day} = ${day} and ${h.points} > ${row.points}::integer)
      + (select count(*) from ${d} where ${d.groupId} = ${groupId} and ${d.day} = ${day}
        and ${d.points} = ${row.points}::integer and ${d.userId} > ${userId}::integer) as n`);
  return {
    rank: Number(rowsOf<{ n: number | string }>(ahead)[0]?.n ?? 0) + 1,
    user: { userId, userName: row.userName, avatar: row.avatar },
    intimacy: row.points,
    fansLevel: fansLevelOf(row.total),
  };
}

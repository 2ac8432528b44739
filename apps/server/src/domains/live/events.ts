import { LIVE_NOT_HOST } from '@h5/core';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  fansGroupMembers,
  fansGroups,
  fansIntimacyDays,
  hostDailyTaskProgress,
  liveHosts,
  liveStreams,
} from '../../db/schema';
import { AppError } from '../../plugins/errors';
import { LIVE_MESSAGES } from './messages';
import { chinaDay, FANS_LEVEL_THRESHOLDS, HOST_DAILY_TASKS, type HostTaskKey } from './rules';

/*
 * The live world's rules as functions: tasks, intimacy, ranks and host experience move only
 * through these, called by the events' one path in (ingest.ts: the platform's webhook and the
 * internal console), each event in one transaction.
 */

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The fans level of an intimacy expression, in SQL: one update sets both, so concurrent events stay consistent. */
export const fansLevelSql = (intimacy: SQL): SQL =>
  sql.join(
    [sql`1`, ...FANS_LEVEL_THRESHOLDS.slice(1).map((min) => sql`(${intimacy} >= ${min})::int`)],
    sql` + `,
  );

/** Adds to a host's daily task; the first time it reaches its target the host gets its experience, once. */
export async function addHostProgress(
  tx: Tx | Db,
  hostId: number,
  key: HostTaskKey,
  units: number,
  atMs = Date.now(),
) {
  const task = HOST_DAILY_TASKS.find((t) => t.key === key);
  if (!task || units <= 0) return;
  const day = chinaDay(atMs);
  await tx
    .insert(hostDailyTaskProgress)
    .values({ hostId, day, taskKey: key, progress: units })
    .onConflictDoUpdate({
      target: [hostDailyTaskProgress.hostId, hostDailyTaskProgress.day, hostDailyTaskProgress.taskKey],
      set: { progress: sql`${hostDailyTaskProgress.progress} + ${units}` },
    });
  const rewarded = await tx
    .update(hostDailyTaskProgress)
    .set({ rewarded: true })
    .where(
      and(
        eq(hostDailyTaskProgress.hostId, hostId),
        eq(hostDailyTaskProgress.day, day),
        eq(hostDailyTaskProgress.taskKey, key),
        eq(hostDailyTaskProgress.rewarded, false),
        sql`${hostDailyTaskProgress.progress} >= ${task.target}`,
      ),
    )
    .returning({ hostId: hostDailyTaskProgress.hostId });
  if (rewarded.length > 0)
    await tx
      .update(liveHosts)
      .set({ experience: sql`${liveHosts.experience} + ${task.experience}` })
      .where(eq(liveHosts.userId, hostId));
}

/** Adds intimacy to a member (total, level, today's points); false when the user is not a member. */
export async function addIntimacy(
  tx: Tx | Db,
  groupId: number,
  userId: number,
  points: number,
  atMs = Date.now(),
) {
  const next = sql`${fansGroupMembers.intimacy} + ${points}`;
  const updated = await tx
    .update(fansGroupMembers)
    .set({ intimacy: next, fansLevel: fansLevelSql(next) })
    .where(and(eq(fansGroupMembers.groupId, groupId), eq(fansGroupMembers.userId, userId)))
    .returning({ intimacy: fansGroupMembers.intimacy });
  if (updated.length === 0) return false;
  await tx
    .insert(fansIntimacyDays)
    .values({ groupId, userId, day: chinaDay(atMs), points })
    .onConflictDoUpdate({
      target: [fansIntimacyDays.groupId, fansIntimacyDays.day, fansIntimacyDays.userId],
      set: { points: sql`${fansIntimacyDays.points} + ${points}` },
    });
  return true;
}

/** The caller's host row, or a refusal naming the problem. */
export async function requireHost(db: Db | Tx, userId: number) {
  const [host] = await db
    .select({
      userId: liveHosts.userId,
      experience: liveHosts.experience,
      groupId: fansGroups.id,
      streamId: liveStreams.id,
      roomId: liveStreams.roomId,
    })
    .from(liveHosts)
    .innerJoin(fansGroups, eq(fansGroups.hostId, liveHosts.userId))
    .innerJoin(liveStreams, eq(liveStreams.hostId, liveHosts.userId))
    .where(eq(liveHosts.userId, userId));
  if (!host) throw new AppError(LIVE_NOT_HOST, LIVE_MESSAGES.notHost);
  return host;
}

/** Room ids are the host's user id moved past the seeded range, so they never collide. */
export const roomIdOf = (hostId: number): number => 800_000 + hostId;

/** Makes a user a host: the host row, a stream with its room and a fans group (a repeat is no change). */
export async function becomeHost(db: Db, userId: number, userName: string) {
  await db.transaction(async (tx) => {
    await tx.insert(liveHosts).values({ userId }).onConflictDoNothing();
    await tx
      .insert(liveStreams)
      .values({ hostId: userId, roomId: roomIdOf(userId), title: `${userName.slice(0, 30)}的直播间` })
      .onConflictDoNothing();
    await tx.insert(fansGroups).values({ hostId: userId, name: '新粉丝团' }).onConflictDoNothing();
  });
  return requireHost(db, userId);
}

import type { Allowance, FansGroupInfo, WeekTask } from '@h5/contract';
import {
  ALLOWANCE_ALREADY_CLAIMED,
  ALLOWANCE_NOT_EARNED,
  FANS_NOT_MEMBER,
  WEEK_TASK_ALREADY_CLAIMED,
  WEEK_TASK_NOT_DONE,
} from '@h5/core';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  fansAllowanceClaims,
  fansGroupMembers,
  fansGroups,
  fansIntimacyDays,
  fansLevelGifts,
  fansWeekTaskAwards,
  fansWeekTaskProgress,
  follows as followsTable,
  liveStreamLogs,
  liveStreams,
  users,
} from '../../db/schema';
import { AppError, badRequest, notFound } from '../../plugins/errors';
import { addIntimacy } from './events';
import { LIVE_MESSAGES } from './messages';
import { rankOf } from './ranks';
import {
  allowanceCentsOf,
  chinaDay,
  chinaWeek,
  FANS_LEVEL_THRESHOLDS,
  MAX_FANS_LEVEL,
  WEEK_TASKS,
} from './rules';
import { broadcastRunning, LIVE_SILENCE_DEFAULT_MINUTES } from './silence';

/** The fans group of a stream's host, with the stream's room and running broadcast. */
export async function groupOfStream(db: Db, streamId: number, silenceMinutes = LIVE_SILENCE_DEFAULT_MINUTES) {
  const [row] = await db
    .select({
      groupId: fansGroups.id,
      name: fansGroups.name,
      memberCount: fansGroups.memberCount,
      hostId: liveStreams.hostId,
      streamId: liveStreams.id,
      roomId: liveStreams.roomId,
      streamLogId: liveStreamLogs.id,
    })
    .from(liveStreams)
    .innerJoin(fansGroups, eq(fansGroups.hostId, liveStreams.hostId))
    .leftJoin(
      liveStreamLogs,
      and(eq(liveStreamLogs.streamId, liveStreams.id), broadcastRunning(Date.now(), silenceMinutes)),
    )
    .where(eq(liveStreams.id, streamId))
    .limit(1);
  if (!row) throw notFound(LIVE_MESSAGES.streamNotFound);
  return row;
}

async function follows(db: Db, followerId: number, followeeId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: followsTable.followeeId })
    .from(followsTable)
    .where(and(eq(followsTable.followerId, followerId), eq(followsTable.followeeId, followeeId)));
  return row !== undefined;
}

async function membershipOf(db: Db, groupId: number, userId: number | null) {
  if (userId === null) return null;
  const [row] = await db
    .select()
    .from(fansGroupMembers)
    .where(and(eq(fansGroupMembers.groupId, groupId), eq(fansGroupMembers.userId, userId)));
  return row ?? null;
}

/** fans-group/info: the group, its host, and the caller's membership with rank and next level. */
export async function fansGroupInfo(
  db: Db,
  streamId: number,
  viewerId: number | null,
  silenceMinutes = LIVE_SILENCE_DEFAULT_MINUTES,
): Promise<FansGroupInfo> {
  const g = await groupOfStream(db, streamId, silenceMinutes);
  const [host] = await db
    .select({ userId: users.id, userName: users.userName, avatar: users.avatar })
    .from(users)
    .where(eq(users.id, g.hostId));
  const member = await membershipOf(db, g.groupId, viewerId);
  let membership: FansGroupInfo['membership'] = null;
  if (member) {
    const [today] = await db
      .select({ points: fansIntimacyDays.points })
      .from(fansIntimacyDays)
      .where(
        and(
          eq(fansIntimacyDays.groupId, g.groupId),
          eq(fansIntimacyDays.userId, member.userId),
          eq(fansIntimacyDays.day, chinaDay()),
        ),
      );
    const nextMin = FANS_LEVEL_THRESHOLDS[member.fansLevel];
    membership = {
      intimacy: member.intimacy,
      fansLevel: member.fansLevel,
      rank: await rankOf(db, g.groupId, member.intimacy, member.userId),
      todayIntimacy: today?.points ?? 0,
      nextLevel: nextMin === undefined ? null : { level: member.fansLevel + 1, intimacy: nextMin },
      joinedAt: member.joinedAt.toISOString(),
    };
  }
  return {
    groupId: g.groupId,
    name: g.name,
    memberCount: g.memberCount,
    host: host ?? { userId: g.hostId, userName: '', avatar: '' },
    streamId: g.streamId,
    roomId: g.roomId,
    living: g.streamLogId !== null,
    levelThresholds: [...FANS_LEVEL_THRESHOLDS],
    membership,
    isHost: viewerId === g.hostId,
    hostFollowed: viewerId !== null && (await follows(db, viewerId, g.hostId)),
  };
}

/** week-task-info: this week's tasks (Monday, China time) with the caller's progress and claims. */
export async function weekTaskInfo(db: Db, streamId: number, userId: number) {
  const g = await groupOfStream(db, streamId);
  const week = chinaWeek();
  const member = await membershipOf(db, g.groupId, userId);
  const where = (t: typeof fansWeekTaskProgress | typeof fansWeekTaskAwards) =>
    and(eq(t.groupId, g.groupId), eq(t.userId, userId), eq(t.week, week));
  const progress = member
    ? await db.select().from(fansWeekTaskProgress).where(where(fansWeekTaskProgress))
    : [];
  const claims = member ? await db.select().from(fansWeekTaskAwards).where(where(fansWeekTaskAwards)) : [];
  const tasks: WeekTask[] = WEEK_TASKS.map((t) => {
    const done = progress.find((p) => p.taskKey === t.key)?.progress ?? 0;
    const claimed = claims.some((c) => c.taskKey === t.key);
    return {
      key: t.key,
      title: t.title,
      target: t.target,
      progress: Math.min(done, t.target),
      intimacy: t.intimacy,
      state: claimed ? 'claimed' : done >= t.target ? 'claimable' : 'doing',
    };
  });
  return { week, member: member !== null, tasks };
}

/**
 * week-task-award: the task's intimacy, once per task, member and week. The claim row is
 * `INSERT … ON CONFLICT DO NOTHING` on its unique key in one transaction with the intimacy, so 20
 * concurrent claims (a double tap, two tabs) make one claim and one intimacy gain.
 */
export async function weekTaskAward(db: Db, streamId: number, userId: number, taskKey: string) {
  const task = WEEK_TASKS.find((t) => t.key === taskKey);
  if (!task) throw badRequest('taskKey', LIVE_MESSAGES.taskNotFound);
  const g = await groupOfStream(db, streamId);
  if (!(await membershipOf(db, g.groupId, userId)))
    throw new AppError(FANS_NOT_MEMBER, LIVE_MESSAGES.notMember);
  const week = chinaWeek();
  const claimed = () => new AppError(WEEK_TASK_ALREADY_CLAIMED, LIVE_MESSAGES.taskClaimed);
  return db.transaction(async (tx) => {
    const key = { groupId: g.groupId, userId, week, taskKey };
    const [earlier] = await tx
      .select({ id: fansWeekTaskAwards.id })
      .from(fansWeekTaskAwards)
      .where(
        and(
          eq(fansWeekTaskAwards.groupId, g.groupId),
          eq(fansWeekTaskAwards.userId, userId),
          eq(fansWeekTaskAwards.week, week),
          eq(fansWeekTaskAwards.taskKey, taskKey),
        ),
      );
    if (earlier) throw claimed();
    const [progress] = await tx
      .select({ progress: fansWeekTaskProgress.progress })
      .from(fansWeekTaskProgress)
      .where(
        and(
          eq(fansWeekTaskProgress.groupId, g.groupId),
          eq(fansWeekTaskProgress.userId, userId),
          eq(fansWeekTaskProgress.week, week),
          eq(fansWeekTaskProgress.taskKey, taskKey),
        ),
      );
    if ((progress?.progress ?? 0) < task.target)
      throw new AppError(WEEK_TASK_NOT_DONE, LIVE_MESSAGES.taskNotDone(task.title));
    const inserted = await tx
      .insert(fansWeekTaskAwards)
      .values({ ...key, intimacy: task.intimacy })
      .onConflictDoNothing()
      .returning({ id: fansWeekTaskAwards.id });
    if (inserted.length === 0) throw claimed();
    await addIntimacy(tx, g.groupId, userId, task.intimacy);
    const [member] = await tx
      .select({ intimacy: fansGroupMembers.intimacy, fansLevel: fansGroupMembers.fansLevel })
      .from(fansGroupMembers)
      .where(and(eq(fansGroupMembers.groupId, g.groupId), eq(fansGroupMembers.userId, userId)));
    return {
      taskKey,
      intimacy: task.intimacy,
      totalIntimacy: member?.intimacy ?? 0,
      fansLevel: member?.fansLevel ?? 1,
    };
  });
}

/** levelGift: every level's gifts, which the caller's fans level owns (0 for a non-member: all locked). */
export async function levelGifts(db: Db, streamId: number, viewerId: number | null) {
  const g = await groupOfStream(db, streamId);
  const member = await membershipOf(db, g.groupId, viewerId);
  const fansLevel = member?.fansLevel ?? 0;
  const gifts = await db
    .select()
    .from(fansLevelGifts)
    .orderBy(asc(fansLevelGifts.fansLevel), asc(fansLevelGifts.id));
  return {
    fansLevel,
    list: gifts.map((gift) => ({
      giftId: gift.id,
      name: gift.name,
      icon: gift.icon,
      fansLevel: gift.fansLevel,
      owned: gift.fansLevel <= fansLevel,
    })),
  };
}

/** diff-allowance/info: one allowance per fans level from 2, locked, claimable or claimed. */
export async function allowanceInfo(db: Db, streamId: number, userId: number) {
  const g = await groupOfStream(db, streamId);
  const member = await membershipOf(db, g.groupId, userId);
  const fansLevel = member?.fansLevel ?? 0;
  const claims = member
    ? await db
        .select()
        .from(fansAllowanceClaims)
        .where(and(eq(fansAllowanceClaims.groupId, g.groupId), eq(fansAllowanceClaims.userId, userId)))
    : [];
  const list: Allowance[] = [];
  for (let level = 2; level <= MAX_FANS_LEVEL; level++) {
    const claim = claims.find((c) => c.fansLevel === level);
    list.push({
      fansLevel: level,
      amountCents: allowanceCentsOf(level),
      state: claim ? 'claimed' : level <= fansLevel ? 'claimable' : 'locked',
      claimedAt: claim ? claim.createdAt.toISOString() : null,
    });
  }
  return { fansLevel, list };
}

/** POST diff-allowance: the allowance of a reached fans level, once (the unique key, in one transaction). */
export async function claimAllowance(
  db: Db,
  streamId: number,
  userId: number,
  fansLevel: number,
): Promise<Allowance> {
  if (fansLevel < 2 || fansLevel > MAX_FANS_LEVEL)
    throw badRequest('fansLevel', LIVE_MESSAGES.allowanceLevelInvalid);
  const g = await groupOfStream(db, streamId);
  const member = await membershipOf(db, g.groupId, userId);
  if (!member) throw new AppError(FANS_NOT_MEMBER, LIVE_MESSAGES.notMember);
  const claimed = () => new AppError(ALLOWANCE_ALREADY_CLAIMED, LIVE_MESSAGES.allowanceClaimed);
  return db.transaction(async (tx) => {
    const [earlier] = await tx
      .select({ id: fansAllowanceClaims.id })
      .from(fansAllowanceClaims)
      .where(
        and(
          eq(fansAllowanceClaims.groupId, g.groupId),
          eq(fansAllowanceClaims.userId, userId),
          eq(fansAllowanceClaims.fansLevel, fansLevel),
        ),
      );
    if (earlier) throw claimed();
    if (member.fansLevel < fansLevel)
      throw new AppError(ALLOWANCE_NOT_EARNED, LIVE_MESSAGES.allowanceNotEarned(fansLevel));
    const [row] = await tx
      .insert(fansAllowanceClaims)
      .values({ groupId: g.groupId, userId, fansLevel, amountCents: allowanceCentsOf(fansLevel) })
      .onConflictDoNothing()
      .returning();
    if (!row) throw claimed();
    return {
      fansLevel,
      amountCents: row.amountCents,
      state: 'claimed',
      claimedAt: row.createdAt.toISOString(),
    };
  });
}

import type { CreditRecord, DailyTask, HostLevelInfo, Page, PageQuery } from '@h5/contract';
import { FANS_GROUP_NAME_INVALID, FANS_GROUP_RENAME_LIMIT } from '@h5/core';
import { and, desc, eq, gte, inArray, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pageFrom, rowsToRead, timeKeyset } from '../../db/keyset';
import {
  fansGroupRenames,
  fansGroups,
  hostCreditRecords,
  hostDailyTaskProgress,
  liveStreamLogs,
  liveStreams,
  users,
} from '../../db/schema';
import { AppError, notFound } from '../../plugins/errors';
import { CHINA_OFFSET_MS } from '../creator/data-center-period';
import { requireHost } from './events';
import { chinaMinute, LIVE_MESSAGES } from './messages';
import {
  CREDIT_BASE,
  chinaDay,
  GROUP_NAME_MAX,
  GROUP_NAME_MIN,
  GROUP_NAME_PATTERN,
  HOST_DAILY_TASKS,
  HOST_LEVELS,
  hostLevelOf,
  lastChinaDays,
  RENAME_PERIOD_DAYS,
} from './rules';
import { broadcastEnd, LIVE_SILENCE_DEFAULT_MINUTES } from './silence';

const DAY_MS = 86_400_000;

/** kol/level-info: the host's level from their experience, the next threshold and every privilege. */
export async function levelInfo(db: Db, userId: number): Promise<HostLevelInfo> {
  const host = await requireHost(db, userId);
  const current = hostLevelOf(host.experience);
  const next = HOST_LEVELS.find((l) => l.level === current.level + 1);
  const [group] = await db
    .select({
      groupId: fansGroups.id,
      name: fansGroups.name,
      memberCount: fansGroups.memberCount,
      streamId: liveStreams.id,
      roomId: liveStreams.roomId,
    })
    .from(fansGroups)
    .innerJoin(liveStreams, eq(liveStreams.hostId, fansGroups.hostId))
    .where(eq(fansGroups.id, host.groupId));
  if (!group) throw notFound(LIVE_MESSAGES.groupNotFound);
  const [person] = await db
    .select({ userId: users.id, userName: users.userName, avatar: users.avatar })
    .from(users)
    .where(eq(users.id, userId));
  return {
    level: current.level,
    experience: host.experience,
    levelExperience: current.experience,
    nextExperience: next?.experience ?? null,
    privileges: HOST_LEVELS.flatMap((l) =>
      l.privileges.map((name) => ({ level: l.level, name, unlocked: l.level <= current.level })),
    ),
    group,
    host: person ?? { userId, userName: '', avatar: '' },
  };
}

/** The host's daily task rows of some days. */
async function taskRows(db: Db, hostId: number, days: string[]) {
  return db
    .select()
    .from(hostDailyTaskProgress)
    .where(and(eq(hostDailyTaskProgress.hostId, hostId), inArray(hostDailyTaskProgress.day, days)));
}

/** kol/level-task-info: today's tasks that give experience, with their progress. */
export async function levelTaskInfo(db: Db, userId: number, atMs = Date.now()) {
  await requireHost(db, userId);
  const day = chinaDay(atMs);
  const rows = await taskRows(db, userId, [day]);
  const tasks = HOST_DAILY_TASKS.map((t) => {
    const row = rows.find((r) => r.taskKey === t.key);
    const progress = row?.progress ?? 0;
    return {
      key: t.key,
      title: t.title,
      target: t.target,
      progress: Math.min(progress, t.target),
      experience: t.experience,
      done: progress >= t.target,
    };
  });
  const experienceToday = HOST_DAILY_TASKS.reduce(
    (n, t) => n + (rows.find((r) => r.taskKey === t.key)?.rewarded ? t.experience : 0),
    0,
  );
  return { day, experienceToday, tasks };
}

/** kol/dailyTask: the last seven days' tasks done, the streak of complete days, today's broadcasts. */
export async function dailyTask(
  db: Db,
  userId: number,
  atMs = Date.now(),
  silenceMinutes = LIVE_SILENCE_DEFAULT_MINUTES,
): Promise<DailyTask> {
  const host = await requireHost(db, userId);
  const days = lastChinaDays(7, atMs);
  const rows = await taskRows(db, userId, days);
  const total = HOST_DAILY_TASKS.length;
  const summary = days.map((day) => {
    const ofDay = rows.filter((r) => r.day === day);
    const done = HOST_DAILY_TASKS.filter(
      (t) => (ofDay.find((r) => r.taskKey === t.key)?.progress ?? 0) >= t.target,
    );
    const experience = HOST_DAILY_TASKS.filter(
      (t) => ofDay.find((r) => r.taskKey === t.key)?.rewarded,
    ).reduce((n, t) => n + t.experience, 0);
    return { day, done: done.length, total, experience };
  });
  // Today still counts as unfinished business: the streak runs back from today if complete, else from yesterday.
  let streak = 0;
  const back = [...summary].reverse();
  const start = back[0]?.done === total ? 0 : 1;
  for (let i = start; i < back.length && back[i]?.done === total; i++) streak++;
  const todayStart = new Date(Date.parse(`${chinaDay(atMs)}T00:00:00Z`) - CHINA_OFFSET_MS);
  const [live] = await db
    .select({
      broadcasts: sql<number>`count(*)::int`,
      minutes: sql<number>`coalesce(sum(floor(extract(epoch from (coalesce(${broadcastEnd(atMs, silenceMinutes)}, now()) - ${liveStreamLogs.startedAt})) / 60)), 0)::int`,
    })
    .from(liveStreamLogs)
    .where(and(eq(liveStreamLogs.streamId, host.streamId), gte(liveStreamLogs.startedAt, todayStart)));
  return {
    days: summary,
    streak,
    broadcastsToday: live?.broadcasts ?? 0,
    liveMinutesToday: live?.minutes ?? 0,
  };
}

/** The grade of a credit score, as the host centre shows it. */
export function creditGrade(score: number): string {
  if (score >= 100) return '信用极好';
  if (score >= 90) return '信用良好';
  if (score >= 70) return '信用一般';
  return '信用较差';
}

const creditOrder = timeKeyset(hostCreditRecords.createdAt, hostCreditRecords.id);

/** credit/detail: the score (100 plus every record) and the records, newest first. */
export async function creditDetail(
  db: Db,
  userId: number,
  query: PageQuery,
): Promise<Page<CreditRecord> & { score: number; grade: string }> {
  const after = creditOrder.after(query.lastId); // a forged cursor is a 400 before anything else
  await requireHost(db, userId);
  const [total] = await db
    .select({ sum: sum(hostCreditRecords.delta).mapWith(Number) })
    .from(hostCreditRecords)
    .where(eq(hostCreditRecords.hostId, userId));
  const score = CREDIT_BASE + (total?.sum ?? 0);
  const rows = await db
    .select()
    .from(hostCreditRecords)
    .where(and(eq(hostCreditRecords.hostId, userId), after))
    .orderBy(...creditOrder.orderBy)
    .limit(rowsToRead(query));
  const page = pageFrom(rows, query.limit, (r) => creditOrder.cursor(r.createdAt, r.id));
  return {
    ...page,
    score,
    grade: creditGrade(score),
    list: page.list.map((r) => ({
      recordId: r.id,
      delta: r.delta,
      reason: r.reason,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

/** The refusal of a name that breaks a rule, or null when it may be used. */
export function groupNameProblem(name: string, current: string): string | null {
  if (name.trim() === '') return LIVE_MESSAGES.nameEmpty;
  if (!GROUP_NAME_PATTERN.test(name)) return LIVE_MESSAGES.nameCharacters;
  const length = [...name].length;
  if (length < GROUP_NAME_MIN || length > GROUP_NAME_MAX) return LIVE_MESSAGES.nameLength;
  if (name === current) return LIVE_MESSAGES.nameUnchanged;
  return null;
}

/**
 * kol/fans-group/edit: renames the host's group. The group row is locked for the check and the
 * write, so two concurrent renames cannot both pass the limit of one per period.
 */
export async function editGroup(db: Db, userId: number, name: string) {
  const host = await requireHost(db, userId);
  return db.transaction(async (tx) => {
    const [group] = await tx.select().from(fansGroups).where(eq(fansGroups.id, host.groupId)).for('update');
    if (!group) throw new AppError(FANS_GROUP_NAME_INVALID, LIVE_MESSAGES.groupNotFound);
    const problem = groupNameProblem(name, group.name);
    if (problem) throw new AppError(FANS_GROUP_NAME_INVALID, problem);
    const [last] = await tx
      .select({ createdAt: fansGroupRenames.createdAt })
      .from(fansGroupRenames)
      .where(eq(fansGroupRenames.groupId, group.id))
      .orderBy(desc(fansGroupRenames.createdAt))
      .limit(1);
    const periodMs = RENAME_PERIOD_DAYS * DAY_MS;
    if (last && last.createdAt.getTime() + periodMs > Date.now())
      throw new AppError(
        FANS_GROUP_RENAME_LIMIT,
        LIVE_MESSAGES.renameLimit(chinaMinute(new Date(last.createdAt.getTime() + periodMs))),
      );
    const [rename] = await tx
      .insert(fansGroupRenames)
      .values({ groupId: group.id, oldName: group.name, newName: name })
      .returning({ createdAt: fansGroupRenames.createdAt });
    await tx.update(fansGroups).set({ name }).where(eq(fansGroups.id, group.id));
    const renamedAt = rename?.createdAt ?? new Date();
    return { groupId: group.id, name, nextRenameAt: new Date(renamedAt.getTime() + periodMs).toISOString() };
  });
}

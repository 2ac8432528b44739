import { MOTIVATION_MILESTONES, type MotivationDay, type UserMotivation } from '@h5/contract';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { MOTIVATION_MESSAGES } from './task-messages';

// Issue 18 point 3, user-motivation: a user's streak of active China days (UTC+8, the days the
// user lived), read from the rows the product writes: their contents (a publish), their lights
// (`content_lights`) and their comments (`replies`). Nothing is stored.

const DAY_MS = 86_400_000;
const CHINA_OFFSET_MS = 8 * 3_600_000;
/** How far back a streak is counted: past the last milestone (365). */
export const STREAK_WINDOW_DAYS = 400;
/** The days the banner shows, today last. */
const WEEK_DAYS = 7;

/** The China day (YYYY-MM-DD) `daysAgo` days before the day of `nowMs`. */
export const chinaDay = (nowMs: number, daysAgo = 0): string =>
  new Date(nowMs + CHINA_OFFSET_MS - daysAgo * DAY_MS).toISOString().slice(0, 10);

type DayRow = Omit<MotivationDay, 'active'>;

/** Per China day since `since`, what the user published, lit and commented (days without any left out). */
export async function activityDays(db: Db, userId: number, since: Date): Promise<DayRow[]> {
  const from = sql`${since.toISOString()}::timestamptz`;
  const day = (column: string) =>
    sql.raw(`to_char((${column} at time zone 'UTC' + interval '8 hours')::date, 'YYYY-MM-DD')`);
  const result = await db.execute(sql`
    select day, sum(p)::int as publishes, sum(l)::int as lights, sum(c)::int as comments from (
      select ${day('created_at')} as day, 1 as p, 0 as l, 0 as c from contents
        where author_id = ${userId} and created_at >= ${from} and review_state = 'approved'
      union all
      select ${day('created_at')}, 0, 1, 0 from content_lights where user_id = ${userId} and created_at >= ${from}
      union all
      select ${day('created_at')}, 0, 0, 1 from replies where user_id = ${userId} and created_at >= ${from}
    ) x group by day`);
  return rowsOf<DayRow>(result);
}

/** The streak ending today, or yesterday while today is still open; 0 when neither was active. */
export function streakOf(active: ReadonlySet<string>, nowMs: number): number {
  const start = active.has(chinaDay(nowMs)) ? 0 : active.has(chinaDay(nowMs, 1)) ? 1 : -1;
  if (start < 0) return 0;
  let days = 0;
  while (active.has(chinaDay(nowMs, start + days))) days++;
  return days;
}

/** The line for a streak (see MOTIVATION_MESSAGES). */
export function motivationMessage(
  streakDays: number,
  activeToday: boolean,
  everActive: boolean,
  nextMilestone: number | null,
): string {
  if (streakDays === 0) return everActive ? MOTIVATION_MESSAGES.comeBack : MOTIVATION_MESSAGES.firstDay;
  if (!activeToday) return MOTIVATION_MESSAGES.todayOpen(streakDays);
  if ((MOTIVATION_MILESTONES as readonly number[]).includes(streakDays))
    return MOTIVATION_MESSAGES.reachedToday(streakDays);
  return nextMilestone === null
    ? MOTIVATION_MESSAGES.beyond(streakDays)
    : MOTIVATION_MESSAGES.keepGoing(streakDays, nextMilestone - streakDays, nextMilestone);
}

/** user-motivation: the caller's streak, the next milestone, the line, and the last 7 days. */
export async function userMotivation(db: Db, userId: number, nowMs = Date.now()): Promise<UserMotivation> {
  const since = new Date(nowMs - STREAK_WINDOW_DAYS * DAY_MS);
  const rows = await activityDays(db, userId, since);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const active = new Set(byDay.keys());
  const streakDays = streakOf(active, nowMs);
  const activeToday = active.has(chinaDay(nowMs));
  const nextMilestone = MOTIVATION_MILESTONES.find((m) => m > streakDays) ?? null;
  const week = Array.from({ length: WEEK_DAYS }, (_, i) => {
    const day = chinaDay(nowMs, WEEK_DAYS - 1 - i);
    const row = byDay.get(day);
    return {
      day,
      publishes: row?.publishes ?? 0,
      lights: row?.lights ?? 0,
      comments: row?.comments ?? 0,
      active: row !== undefined,
    };
  });
  return {
    streakDays,
    activeToday,
    nextMilestone,
    daysToMilestone: nextMilestone === null ? null : nextMilestone - streakDays,
    message: motivationMessage(streakDays, activeToday, active.size > 0, nextMilestone),
    week,
  };
}

import type { WeeklyDay, WeeklyReport } from '@h5/contract';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { CHINA_OFFSET_MS, CHINA_OFFSET_SQL } from '../creator/data-center-period';

// weekly-report (issue 18 point 1): an inviter's week, Monday to Sunday in China time (the data
// centre's days), from the rows: bindings (sign-ups), rewards, and the invitees' contents,
// follows and lights.

const DAY_MS = 86_400_000;
const dayOf = (ms: number): string => new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 10);

/** The instants of a week `weeksAgo` weeks before the current one, and its seven days. */
export function weekBounds(weeksAgo: number, nowMs = Date.now()) {
  const todayStart = Math.floor((nowMs + CHINA_OFFSET_MS) / DAY_MS) * DAY_MS - CHINA_OFFSET_MS;
  // 1970-01-01 was a Thursday: days since then, +3, mod 7 is 0 on Mondays.
  const sinceMonday = (Math.floor((nowMs + CHINA_OFFSET_MS) / DAY_MS) + 3) % 7;
  const start = todayStart - sinceMonday * DAY_MS - weeksAgo * 7 * DAY_MS;
  const days = Array.from({ length: 7 }, (_, i) => dayOf(start + i * DAY_MS));
  return { start: new Date(start), end: new Date(start + 7 * DAY_MS), days };
}

interface DayRow {
  day: string | null;
  sign_ups: number;
  reward_points: number;
  active: number;
  publishes: number;
  follows: number;
  lights: number;
}

const EMPTY = { signUps: 0, rewardPoints: 0, activeInvitees: 0, publishes: 0, follows: 0, lights: 0 };

/** The inviter's week: per day and in sum (the week's active invitees counted once each). */
export async function weeklyReport(
  db: Db,
  inviterId: number,
  weeksAgo: number,
  nowMs = Date.now(),
): Promise<WeeklyReport> {
  const { start, end, days } = weekBounds(weeksAgo, nowMs);
  const from = start.toISOString();
  const until = end.toISOString();
  const inWeek = (column: string) =>
    sql`${sql.raw(column)} >= ${from}::timestamptz and ${sql.raw(column)} < ${until}::timestamptz`;
  const day = sql.raw(
    `to_char((at at time zone 'UTC' + interval '${CHINA_OFFSET_SQL}')::date, 'YYYY-MM-DD')`,
  );
  const figures = sql`
    count(*) filter (where kind = 'signup')::int as sign_ups,
    coalesce(sum(points) filter (where kind = 'reward'), 0)::int as reward_points,
    count(distinct user_id) filter (where kind in ('publish', 'follow', 'light'))::int as active,
    count(*) filter (where kind = 'publish')::int as publishes,
    count(*) filter (where kind = 'follow')::int as follows,
    count(*) filter (where kind = 'light')::int as lights`;
  const result = await db.execute(sql`
    with invitees as (select invitee_id from invite_bindings where inviter_id = ${inviterId}),
    events as (
      select 'signup' as kind, invitee_id as user_id, created_at as at, 0 as points
        from invite_bindings where inviter_id = ${inviterId} and ${inWeek('created_at')}
      union all
      select 'reward', invitee_id, created_at, points
        from invite_rewards where inviter_id = ${inviterId} and ${inWeek('created_at')}
      union all
      select 'publish', author_id, created_at, 0
        from contents where author_id in (select invitee_id from invitees) and review_state = 'approved' and ${inWeek('created_at')}
      union all
      select 'follow', follower_id, created_at, 0
        from follows where follower_id in (select invitee_id from invitees) and ${inWeek('created_at')}
      union all
      select 'light', user_id, created_at, 0
        from content_lights where user_id in (select invitee_id from invitees) and ${inWeek('created_at')}
    )
    select ${day} as day, ${figures} from events group by 1
    union all
    select null, ${figures} from events`);
  const rows = rowsOf<DayRow>(result);
  const byDay = new Map(rows.filter((r) => r.day !== null).map((r) => [r.day as string, r]));
  const week = rows.find((r) => r.day === null);
  const list: WeeklyDay[] = days.map((date) => {
    const r = byDay.get(date);
    if (!r) return { date, ...EMPTY };
    return {
      date,
      signUps: Number(r.sign_ups),
      rewardPoints: Number(r.reward_points),
      activeInvitees: Number(r.active),
      publishes: Number(r.publishes),
      follows: Number(r.follows),
      lights: Number(r.lights),
    };
  });
  return {
    weekStart: days[0] as string,
    weekEnd: days[6] as string,
    weeksAgo,
    totals: {
      signUps: Number(week?.sign_ups ?? 0),
      rewardPoints: Number(week?.reward_points ?? 0),
      activeInvitees: Number(week?.active ?? 0),
      actions: Number(week?.publishes ?? 0) + Number(week?.follows ?? 0) + Number(week?.lights ?? 0),
    },
    days: list,
  };
}

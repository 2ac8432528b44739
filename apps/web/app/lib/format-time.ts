// Issue 28 point 13: one rule for every date the app shows (the spec mandates no date format).
// Past moments read relative while recent — 刚刚, N分钟前, N小时前, 昨天, N天前 — then 5月24日 this
// year and 2025年5月24日 before; days are counted in the community's time zone (China time), so
// the server and any browser write the same text. Period edges and deadlines (a week's first day,
// 有效期至, 领取截止, an activity's window) are days, never relative: `day`, or `minute` with the
// time of day.

import { TIME_TEXT as text } from './ui-text/time';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const CHINA_OFFSET = 8 * HOUR;
/** Past this many days a moment is a date again. */
const RELATIVE_DAYS = 7;

export type TimeStyle = 'relative' | 'day' | 'minute';

/** The China-time calendar parts of a moment. */
function chinaParts(ms: number) {
  const d = new Date(ms + CHINA_OFFSET);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    date: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    /** Days since the epoch, China time: the difference of two is the days between them. */
    day: Math.floor((ms + CHINA_OFFSET) / DAY),
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A moment (ISO text or epoch ms) as people read it, against `nowMs` (the screen's `useNow`):
 * `relative` (default) for when something happened, `day` for a period's edge or a deadline,
 * `minute` for a day with its time (an activity starting at 20:00). A future moment is never
 * relative; a skewed clock's "a few seconds ahead" reads 刚刚.
 */
export function formatTime(at: string | number, nowMs: number, style: TimeStyle = 'relative'): string {
  const ms = typeof at === 'number' ? at : Date.parse(at);
  if (!Number.isFinite(ms)) return '';
  const then = chinaParts(ms);
  const now = chinaParts(nowMs);
  const age = nowMs - ms;
  if (style === 'relative' && age > -MINUTE) {
    if (age < MINUTE) return text.justNow;
    if (age < HOUR) return text.minutesAgo(Math.floor(age / MINUTE));
    if (age < DAY) return text.hoursAgo(Math.floor(age / HOUR));
    const days = now.day - then.day;
    if (days <= 1) return text.yesterday;
    if (days < RELATIVE_DAYS) return text.daysAgo(days);
  }
  const date =
    then.year === now.year
      ? text.monthDay(then.month, then.date)
      : text.yearMonthDay(then.year, then.month, then.date);
  return style === 'minute' ? `${date} ${pad(then.hour)}:${pad(then.minute)}` : date;
}

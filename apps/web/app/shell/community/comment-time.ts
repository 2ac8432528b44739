import { COMMENT_TEXT } from '../../lib/ui-text/comments';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A comment's time: 刚刚, N分钟前, N小时前 within a day, then MM-DD this year, else YYYY-MM-DD
 * (local time). Future times (a skewed clock) read as 刚刚.
 */
export function formatReplyTime(atMs: number, nowMs: number): string {
  const age = nowMs - atMs;
  if (age < MINUTE) return COMMENT_TEXT.justNow;
  if (age < HOUR) return COMMENT_TEXT.minutesAgo(Math.floor(age / MINUTE));
  if (age < DAY) return COMMENT_TEXT.hoursAgo(Math.floor(age / HOUR));
  const at = new Date(atMs);
  const day = `${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
  return at.getFullYear() === new Date(nowMs).getFullYear() ? day : `${at.getFullYear()}-${day}`;
}

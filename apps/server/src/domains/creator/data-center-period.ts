import type { DataCenterPeriod } from '@h5/contract';

// Issue 15 point 1: the data centre counts calendar days in China time (UTC+8, no daylight saving),
// so a day of a chart is the day a creator in China lived.

const DAY_MS = 86_400_000;
/** China time's offset from UTC. */
export const CHINA_OFFSET_MS = 8 * 3_600_000;
/** The same offset as SQL sees it: `(t at time zone 'UTC' + this)::date` is t's day in China. */
export const CHINA_OFFSET_SQL = '8 hours';

/** The instants bounding a period and the one before it, and the period's calendar days. */
export interface PeriodBounds {
  period: DataCenterPeriod;
  /** The first instant of the previous period. */
  previousStart: Date;
  /** The first instant of the period (its first day's midnight in China). */
  start: Date;
  /** The end, exclusive: tomorrow's midnight in China. */
  end: Date;
  /** The period's days, oldest first, as YYYY-MM-DD. */
  days: string[];
}

const dayOf = (ms: number): string => new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 10);

/** The last `period` calendar days (today included) in China time, at `nowMs`. */
export function periodBounds(period: DataCenterPeriod, nowMs = Date.now()): PeriodBounds {
  const tomorrow = Math.floor((nowMs + CHINA_OFFSET_MS) / DAY_MS + 1) * DAY_MS - CHINA_OFFSET_MS;
  const start = tomorrow - period * DAY_MS;
  const days = Array.from({ length: period }, (_, i) => dayOf(start + i * DAY_MS));
  return {
    period,
    previousStart: new Date(start - period * DAY_MS),
    start: new Date(start),
    end: new Date(tomorrow),
    days,
  };
}

/** The period's days as the answer names them. */
export const periodDays = (b: PeriodBounds) => ({
  period: b.period,
  since: b.days[0] as string,
  until: b.days.at(-1) as string,
});

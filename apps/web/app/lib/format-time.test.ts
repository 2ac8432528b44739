import { describe, expect, it } from 'vitest';
import { formatTime } from './format-time';

// 2026-05-24 12:00 China time.
const NOW = Date.parse('2026-05-24T04:00:00.000Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('formatTime', () => {
  it('reads recent moments relative: 刚刚, N分钟前, N小时前', () => {
    expect(formatTime(ago(0), NOW)).toBe('刚刚');
    expect(formatTime(ago(59_000), NOW)).toBe('刚刚');
    expect(formatTime(NOW + 10_000, NOW)).toBe('刚刚'); // a clock a little ahead
    expect(formatTime(ago(MIN), NOW)).toBe('1分钟前');
    expect(formatTime(ago(59 * MIN), NOW)).toBe('59分钟前');
    expect(formatTime(ago(HOUR), NOW)).toBe('1小时前');
    expect(formatTime(ago(23 * HOUR + 59 * MIN), NOW)).toBe('23小时前');
  });

  it('then 昨天 and N天前 by China-time days, up to a week', () => {
    expect(formatTime(ago(DAY + HOUR), NOW)).toBe('昨天');
    expect(formatTime('2026-05-22T16:30:00.000Z', NOW)).toBe('昨天'); // the 23rd 00:30, China time
    expect(formatTime('2026-05-22T15:59:00.000Z', NOW)).toBe('2天前'); // the 22nd 23:59, China time
    expect(formatTime(ago(3 * DAY), NOW)).toBe('3天前');
    expect(formatTime(ago(6 * DAY), NOW)).toBe('6天前');
  });

  it('then M月D日 this year and YYYY年M月D日 before, in China time', () => {
    expect(formatTime(ago(7 * DAY), NOW)).toBe('5月17日');
    expect(formatTime('2026-01-01T16:30:00.000Z', NOW)).toBe('1月2日');
    expect(formatTime('2025-12-31T16:30:00.000Z', NOW)).toBe('1月1日'); // 2026-01-01 00:30 China time
    expect(formatTime('2025-05-16T02:00:00.000Z', NOW)).toBe('2025年5月16日');
  });

  it('writes deadlines and period edges as days, and the time of day when asked', () => {
    expect(formatTime('2026-12-27T04:00:00.000Z', NOW)).toBe('12月27日'); // the future is never relative
    expect(formatTime('2027-01-03T04:00:00.000Z', NOW)).toBe('2027年1月3日');
    expect(formatTime(ago(HOUR), NOW, 'day')).toBe('5月24日');
    expect(formatTime('2026-05-30T12:05:00.000Z', NOW, 'minute')).toBe('5月30日 20:05');
    expect(formatTime('2025-11-23T10:05:00.000Z', NOW, 'minute')).toBe('2025年11月23日 18:05');
  });

  it('says nothing of a moment it cannot read', () => {
    expect(formatTime('not a time', NOW)).toBe('');
  });
});

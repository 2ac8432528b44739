import { describe, expect, it } from 'vitest';
import { formatReplyTime } from './comment-time';

const now = new Date(2026, 10, 23, 12, 0, 0).getTime();

describe('formatReplyTime', () => {
  it('reads recent times relatively', () => {
    expect(formatReplyTime(now - 5_000, now)).toBe('刚刚');
    expect(formatReplyTime(now + 60_000, now)).toBe('刚刚');
    expect(formatReplyTime(now - 5 * 60_000, now)).toBe('5分钟前');
    expect(formatReplyTime(now - 3 * 3_600_000 - 1, now)).toBe('3小时前');
  });

  it('writes older times as a date, with the year when it differs', () => {
    expect(formatReplyTime(new Date(2026, 0, 5, 9).getTime(), now)).toBe('01-05');
    expect(formatReplyTime(new Date(2025, 11, 31, 9).getTime(), now)).toBe('2025-12-31');
  });
});

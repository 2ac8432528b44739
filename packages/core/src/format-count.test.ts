import { describe, expect, it } from 'vitest';
import { formatCount } from './format-count';

describe('formatCount', () => {
  it('shows counts under 10000 as is', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(9999)).toBe('9999');
    expect(formatCount(9999, 'w')).toBe('9999');
  });
  it('uses 万 or w from 10000 with one truncated decimal', () => {
    expect(formatCount(10000)).toBe('1万');
    expect(formatCount(12345)).toBe('1.2万');
    expect(formatCount(12345, 'w')).toBe('1.2w');
    expect(formatCount(19999)).toBe('1.9万');
    expect(formatCount(100000)).toBe('10万');
    expect(formatCount(1234567)).toBe('123.4万');
  });
  it('uses k and m in the km style', () => {
    expect(formatCount(999, 'km')).toBe('999');
    expect(formatCount(1000, 'km')).toBe('1k');
    expect(formatCount(1234, 'km')).toBe('1.2k');
    expect(formatCount(999999, 'km')).toBe('999.9k');
    expect(formatCount(1234567, 'km')).toBe('1.2m');
  });
  it('treats bad input as zero', () => {
    expect(formatCount(Number.NaN)).toBe('0');
    expect(formatCount(-5)).toBe('0');
    expect(formatCount(12.7)).toBe('12');
  });
});

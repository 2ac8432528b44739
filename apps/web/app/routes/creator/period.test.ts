import { describe, expect, it } from 'vitest';
import { shortDate } from '../../shell/chart/chart-data';
import { changeOf, periodOf } from './period';

describe('data centre period and change', () => {
  it('reads 7, 30 or 90 from ?period= and 7 otherwise', () => {
    expect(periodOf(new URLSearchParams('period=30'))).toBe(30);
    expect(periodOf(new URLSearchParams('period=90'))).toBe(90);
    expect(periodOf(new URLSearchParams('period=14'))).toBe(7);
    expect(periodOf(new URLSearchParams(''))).toBe(7);
  });

  it('shows a change as a rounded percentage with its direction', () => {
    expect(changeOf(0.125)).toEqual({ trend: 'up', percent: '13%' });
    expect(changeOf(-0.034)).toEqual({ trend: 'down', percent: '3.4%' });
    expect(changeOf(0)).toEqual({ trend: 'flat', percent: '' });
    expect(changeOf(null)).toEqual({ trend: 'none', percent: '' });
    expect(shortDate('2026-11-23')).toBe('11-23');
  });
});

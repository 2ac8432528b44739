import { describe, expect, it } from 'vitest';
import { formatSubmittedAt } from './format-time';

describe('formatSubmittedAt', () => {
  it('writes Beijing time as YYYY-MM-DD HH:mm', () => {
    expect(formatSubmittedAt('2026-11-23T10:05:00.000Z')).toBe('2026-11-23 18:05');
    expect(formatSubmittedAt('2026-12-31T16:30:00.000Z')).toBe('2027-01-01 00:30');
  });
});

import { describe, expect, it } from 'vitest';
import { newestCode } from './DevOutbox';

describe('newestCode', () => {
  it('shows the code sent last, whatever the order of the list', () => {
    const older = { code: '111111', sentAt: '2026-11-23T10:00:00.000Z' };
    const newer = { code: '222222', sentAt: '2026-11-23T10:01:05.000Z' };
    expect(newestCode([newer, older])).toBe('222222');
    expect(newestCode([older, newer])).toBe('222222');
    expect(newestCode([])).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { isFlagOn, wantsDebugConsole } from './page-flags';

describe('page flags', () => {
  it('treats 0 and false as off', () => {
    expect(isFlagOn('1')).toBe(true);
    expect(isFlagOn('')).toBe(true);
    expect(isFlagOn('0')).toBe(false);
    expect(isFlagOn('false')).toBe(false);
    expect(isFlagOn(null)).toBe(false);
  });

  it('wants the debug console for debug=1 or openTestHelper only', () => {
    expect(wantsDebugConsole('?debug=true&userRole=2')).toBe(false);
    expect(wantsDebugConsole('')).toBe(false);
    expect(wantsDebugConsole('?openTestHelper=0')).toBe(false);
    expect(wantsDebugConsole('?openTestHelper=1')).toBe(true);
    expect(wantsDebugConsole(new URLSearchParams('debug=1'))).toBe(true);
  });
});

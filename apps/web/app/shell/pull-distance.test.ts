import { describe, expect, it } from 'vitest';
import { PULL_MAX_PX, pullOffset, pullTriggers } from './pull-distance';

describe('pull to refresh', () => {
  it('follows the finger at half speed up to a maximum', () => {
    expect(pullOffset(-20)).toBe(0);
    expect(pullOffset(40)).toBe(20);
    expect(pullOffset(1000)).toBe(PULL_MAX_PX);
  });

  it('refreshes only past 64 px of travel', () => {
    expect(pullTriggers(63)).toBe(false);
    expect(pullTriggers(64)).toBe(true);
  });
});

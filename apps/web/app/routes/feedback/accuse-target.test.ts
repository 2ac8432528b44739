import { describe, expect, it } from 'vitest';
import { backPathOf, readAccuseTarget } from './accuse-target';

describe('readAccuseTarget', () => {
  it('reads a known type and a numeric id, refuses the rest', () => {
    expect(readAccuseTarget(new URLSearchParams('targetType=content&targetId=12'))).toEqual({
      targetType: 'content',
      targetId: '12',
    });
    expect(readAccuseTarget(new URLSearchParams('targetType=post&targetId=12'))).toBeNull();
    expect(readAccuseTarget(new URLSearchParams('targetType=user&targetId=1e3'))).toBeNull();
    expect(readAccuseTarget(new URLSearchParams('targetType=user'))).toBeNull();
  });

  it('goes back to the content page for content', () => {
    expect(backPathOf({ targetType: 'content', targetId: '7' })).toBe('/community/content/7');
    expect(backPathOf({ targetType: 'comment', targetId: '7' })).toBe('/');
  });

  it('goes back to the user home for a user, and to the content of a reported comment', () => {
    expect(backPathOf({ targetType: 'user', targetId: '9' })).toBe('/community/user?userId=9');
    expect(backPathOf({ targetType: 'comment', targetId: '7' }, '12')).toBe('/community/content/12');
    expect(backPathOf({ targetType: 'comment', targetId: '7' }, 'x')).toBe('/');
  });
});

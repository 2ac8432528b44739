import { describe, expect, it } from 'vitest';
import { pageIdOf } from './analytics';

describe('pageIdOf', () => {
  it('gives the feed 9 and the content detail 637 (spec §2), nothing to other pages', () => {
    expect(pageIdOf('/')).toBe(9);
    expect(pageIdOf('/community/feed')).toBe(9);
    expect(pageIdOf('/community/content/42')).toBe(637);
    expect(pageIdOf('/community/content/42/extra')).toBeNull();
    expect(pageIdOf('/login')).toBeNull();
  });
});

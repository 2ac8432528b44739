import { describe, expect, it } from 'vitest';
import { scoreToStars } from './stars';

describe('scoreToStars', () => {
  it('maps 0 and 10 to the ends', () => {
    expect(scoreToStars(0)).toEqual(['blank', 'blank', 'blank', 'blank', 'blank']);
    expect(scoreToStars(10)).toEqual(['full', 'full', 'full', 'full', 'full']);
  });
  it('maps 7 to three and a half stars', () => {
    expect(scoreToStars(7)).toEqual(['full', 'full', 'full', 'half', 'blank']);
  });
  it('rounds to the nearest half star', () => {
    expect(scoreToStars(6.4)).toEqual(['full', 'full', 'full', 'blank', 'blank']);
    expect(scoreToStars(6.5)).toEqual(['full', 'full', 'full', 'half', 'blank']);
    expect(scoreToStars(1)).toEqual(['half', 'blank', 'blank', 'blank', 'blank']);
    expect(scoreToStars(9.6)).toEqual(['full', 'full', 'full', 'full', 'full']);
  });
  it('clamps out-of-range input', () => {
    expect(scoreToStars(-3)).toEqual(scoreToStars(0));
    expect(scoreToStars(14)).toEqual(scoreToStars(10));
    expect(scoreToStars(Number.NaN)).toEqual(scoreToStars(0));
  });
});

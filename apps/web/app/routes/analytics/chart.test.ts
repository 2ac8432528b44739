import { describe, expect, it } from 'vitest';
import { chartGeometry, niceCeiling } from './chart';

describe('chart geometry', () => {
  it('rounds the axis up to 1, 2 or 5 × 10ⁿ', () => {
    expect([0, 1, 3, 7, 10, 11, 180, 999].map(niceCeiling)).toEqual([1, 1, 5, 10, 10, 20, 200, 1000]);
  });

  it('places points across the width, zero at the bottom and the ceiling at the top', () => {
    const g = chartGeometry([{ event: 'pageView', counts: [0, 5, 10] }], 100, 50);
    expect(g.max).toBe(10);
    expect(g.lines).toEqual(['0,50 50,25 100,0']);
    expect(g.grid.map((l) => l.value)).toEqual([0, 3, 5, 8, 10]);
  });
});

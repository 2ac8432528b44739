import { describe, expect, it } from 'vitest';
import { sample } from './draw';

describe('sample', () => {
  it('picks count distinct items, all of them when there are fewer', () => {
    const picked = sample([1, 2, 3, 4, 5], 3);
    expect(new Set(picked).size).toBe(3);
    for (const p of picked) expect([1, 2, 3, 4, 5]).toContain(p);
    expect(sample([7, 8], 5).sort()).toEqual([7, 8]);
    expect(sample([], 2)).toEqual([]);
  });

  it('follows Fisher–Yates: with picks 2, 0 it takes the third item, then the second', () => {
    const picks = [2, 0];
    expect(sample(['a', 'b', 'c', 'd'], 2, () => picks.shift() ?? 0)).toEqual(['c', 'b']);
  });

  it('gives every entrant the same chance: 3 of 5 over 20 000 draws, each near 60 %', () => {
    const wins = [0, 0, 0, 0, 0];
    for (let i = 0; i < 20_000; i++) for (const p of sample([0, 1, 2, 3, 4], 3)) wins[p] = (wins[p] ?? 0) + 1;
    // One standard deviation is 0.35 %; the bounds are 8 of them either side.
    for (const w of wins) expect(Math.abs(w / 20_000 - 0.6)).toBeLessThan(0.03);
  });
});

import { describe, expect, it } from 'vitest';
import { randomSample } from './random-sample';
import { seededRandom } from './test-utils';

describe('randomSample', () => {
  it('takes up to count distinct items', () => {
    const items = Array.from({ length: 250 }, (_, i) => i);
    const sample = randomSample([...items], 100, seededRandom());
    expect(sample).toHaveLength(100);
    expect(new Set(sample).size).toBe(100);
    expect(randomSample([1, 2, 3], 100, seededRandom())).toHaveLength(3);
    expect(randomSample([], 100, seededRandom())).toEqual([]);
  });

  it('gives every item an even chance of being first', () => {
    const firsts = new Array(5).fill(0);
    const random = seededRandom(1);
    for (let run = 0; run < 10_000; run++) firsts[randomSample([0, 1, 2, 3, 4], 5, random)[0] as number]++;
    for (const count of firsts) expect(count).toBeGreaterThan(1800);
  });

  it('survives a random source that returns 1', () => {
    expect(randomSample([1, 2, 3], 3, () => 1).sort()).toEqual([1, 2, 3]);
  });
});

import { describe, expect, it } from 'vitest';
import { Coalescer } from './coalesce';

/** A run the test releases by hand, recording each group it was given. */
function gatedRuns() {
  const groups: Array<{ items: number[]; key: string }> = [];
  const gates: Array<() => void> = [];
  const run = async (items: number[], key: string) => {
    groups.push({ items, key });
    await new Promise<void>((open) => gates.push(open));
    if (items.includes(-1)) throw new Error('refused');
    return items.map((n) => n * 10);
  };
  const openAll = async () => {
    while (gates.length > 0) {
      for (const open of gates.splice(0)) open();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  };
  return { groups, run, openAll };
}

describe('Coalescer', () => {
  it('runs a lone call at once and groups the calls that wait while every run is busy', async () => {
    const { groups, run, openAll } = gatedRuns();
    const coalescer = new Coalescer(run, { inFlight: 1, maxItems: 3 });
    const first = coalescer.load(1);
    expect(groups).toEqual([{ items: [1], key: '' }]);
    const waiting = [2, 3, 4, 5].map((n) => coalescer.load(n));
    await openAll();
    expect(await first).toBe(10);
    expect(await Promise.all(waiting)).toEqual([20, 30, 40, 50]);
    expect(groups.map((g) => g.items)).toEqual([[1], [2, 3, 4], [5]]);
  });

  it('never puts calls of different keys in one run, and fails only the failing run’s calls', async () => {
    const { groups, run, openAll } = gatedRuns();
    const coalescer = new Coalescer(run, { inFlight: 1, maxItems: 10 });
    const calls = [
      coalescer.load(1, 'a'),
      coalescer.load(2, 'b'),
      coalescer.load(3, 'a'),
      coalescer.load(-1, 'b'),
      coalescer.load(4, 'a'),
    ];
    const settled = Promise.allSettled(calls);
    await openAll();
    const results = (await settled).map((r) => (r.status === 'fulfilled' ? r.value : 'failed'));
    expect(results).toEqual([10, 20, 30, 'failed', 40]);
    expect(groups).toEqual([
      { items: [1], key: 'a' },
      { items: [2], key: 'b' },
      { items: [3, 4], key: 'a' },
      { items: [-1], key: 'b' },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { RenderGate } from './render-gate';

/** A render that finishes when told. */
function pending() {
  let finish: () => void = () => undefined;
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return { done, finish };
}

describe('RenderGate', () => {
  it('runs at most `concurrency` renders, queues up to `queue`, refuses the rest at once with 503 SlowDown', async () => {
    const gate = new RenderGate(2, 3);
    const renders = Array.from({ length: 5 }, pending);
    let running = 0;
    let most = 0;
    const results = renders.map((render, i) =>
      gate.run(async () => {
        running++;
        most = Math.max(most, running);
        await render.done;
        running--;
        return i;
      }),
    );
    await expect(gate.run(async () => 'too many')).rejects.toMatchObject({ status: 503, code: 'SlowDown' });
    expect(gate.started).toBe(2);
    for (const render of renders) render.finish();
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(2);
    expect(gate.started).toBe(5);
    // Free again: a new render runs.
    expect(await gate.run(async () => 'after')).toBe('after');
  });

  it('frees its slot when a render fails', async () => {
    const gate = new RenderGate(1, 0);
    await expect(
      gate.run(async () => {
        throw new Error('bad image');
      }),
    ).rejects.toThrow('bad image');
    expect(await gate.run(async () => 'next')).toBe('next');
  });
});

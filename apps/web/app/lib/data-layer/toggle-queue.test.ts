import { describe, expect, it } from 'vitest';
import { type Toggle, toggle } from './toggle-queue';

interface Lit {
  isLight: boolean;
  lightCount: number;
}

/** A light toggle over a fake server; `fail` makes its calls fail. */
function harness(start: Lit, fail = false) {
  const shown: Lit[] = [];
  const calls: boolean[] = [];
  let server = start;
  const t = (current: Lit): Toggle<Lit> => ({
    key: 'light:1',
    current: () => current,
    on: (s) => s.isLight,
    optimistic: (s, want) => ({
      isLight: want,
      lightCount: s.lightCount + (want === s.isLight ? 0 : want ? 1 : -1),
    }),
    send: async (want) => {
      calls.push(want);
      await new Promise((r) => setTimeout(r, 5));
      if (fail) throw new Error('down');
      server = { isLight: want, lightCount: start.lightCount + (want ? 1 : 0) - (start.isLight ? 1 : 0) };
      return server;
    },
    show: (s) => shown.push(s),
  });
  return { t, shown, calls, server: () => server };
}

const settle = () => new Promise((r) => setTimeout(r, 60));

describe('the toggle queue', () => {
  it('two rapid taps end unlit: the second wish is sent after the first call', async () => {
    const h = harness({ isLight: false, lightCount: 5 });
    toggle(h.t({ isLight: false, lightCount: 5 }));
    toggle(h.t({ isLight: true, lightCount: 6 }));
    await settle();
    expect(h.calls).toEqual([true, false]);
    expect(h.shown.at(-1)).toEqual({ isLight: false, lightCount: 5 });
    expect(h.server()).toEqual({ isLight: false, lightCount: 5 });
  });

  it('three rapid taps end lit, with one call', async () => {
    const h = harness({ isLight: false, lightCount: 5 });
    for (let i = 0; i < 3; i++) toggle(h.t({ isLight: false, lightCount: 5 }));
    await settle();
    expect(h.calls).toEqual([true]);
    expect(h.shown.at(-1)).toEqual({ isLight: true, lightCount: 6 });
  });

  it('a failure rolls back to what the server said last', async () => {
    const h = harness({ isLight: false, lightCount: 5 }, true);
    toggle(h.t({ isLight: false, lightCount: 5 }));
    expect(h.shown[0]).toEqual({ isLight: true, lightCount: 6 });
    await settle();
    expect(h.shown.at(-1)).toEqual({ isLight: false, lightCount: 5 });
  });
});

import { describe, expect, it } from 'vitest';
import { coverRatio, largestAboveFold, splitColumns } from './columns';

const cover = (width: number, height: number) => ({ cover: { url: '', width, height } });

describe('waterfall columns', () => {
  it('puts each card in the shorter column', () => {
    const cards = [cover(100, 160), cover(100, 75), cover(100, 75), cover(100, 100)];
    const [left, right] = splitColumns(cards);
    expect(left).toEqual([cards[0], cards[3]]);
    expect(right).toEqual([cards[1], cards[2]]);
  });

  it('never moves a placed card when more are appended', () => {
    const first = [cover(100, 120), cover(100, 90), cover(100, 130)];
    const more = [...first, cover(100, 100), cover(100, 100)];
    const [a0, a1] = splitColumns(first);
    const [b0, b1] = splitColumns(more);
    expect(b0.slice(0, a0.length)).toEqual(a0);
    expect(b1.slice(0, a1.length)).toEqual(a1);
  });

  it('clamps extreme covers and sizes text cards as a block', () => {
    expect(coverRatio(cover(100, 1000))).toBe(1.6);
    expect(coverRatio(cover(1000, 100))).toBe(0.6);
    expect(coverRatio({ cover: null })).toBe(1);
  });

  it('picks the cover showing the most above the fold as the likely LCP element', () => {
    // Left: a wide card then a tall one starting at 1.02 widths; right: a square one, a tall one.
    const wide = cover(1000, 600);
    const tallLeft = cover(800, 1000);
    const square = cover(100, 100);
    const tallRight = cover(100, 160);
    expect(
      largestAboveFold([
        [wide, tallLeft],
        [square, tallRight],
      ]),
    ).toBe(tallRight);
    // A tall cover whose top is past 3.5 widths is below the fold, whatever its size.
    const below = cover(100, 160);
    expect(largestAboveFold([[cover(100, 160), cover(100, 160), below], []])).not.toBe(below);
    // Text cards have no cover to paint.
    expect(largestAboveFold([[{ cover: null }], []])).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { copies, later, shiftIds } from './scale-data';

describe('the scale data’s COPY lines', () => {
  it('moves copy k’s ids by k times the seed’s largest and leaves a null null', () => {
    expect(
      shiftIds(['7', '\\N', 'text'], 3, [
        [0, 100],
        [1, 100],
      ]),
    ).toEqual(['307', '\\N', 'text']);
  });

  it('writes an instant given in epoch milliseconds some minutes later, as COPY reads it', () => {
    expect(later('1733227487728', 13)).toBe('2024-12-03T12:17:47.728Z');
  });

  it('yields copies 1 to factor − 1 of every row, tab-separated, without the helper fields', () => {
    const rows = [
      ['1', 'a', '9'],
      ['2', 'b', '9'],
    ];
    const lines = [...copies(rows, 3, 2, (f, k) => shiftIds(f, k, [[0, 10]]))];
    expect(lines).toEqual(['11\ta', '12\tb', '21\ta', '22\tb']);
    // The seed rows themselves are untouched: each copy starts from them.
    expect(rows[0]).toEqual(['1', 'a', '9']);
  });
});

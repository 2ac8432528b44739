import { describe, expect, it } from 'vitest';
import { qrModules } from './share-poster';

/** The 7×7 finder pattern of a QR code at (row, col): a dark ring, a light ring, a dark 3×3 core. */
function isFinder(modules: boolean[][], row: number, col: number): boolean {
  for (let r = 0; r < 7; r++)
    for (let c = 0; c < 7; c++) {
      const ring = Math.max(Math.abs(r - 3), Math.abs(c - 3));
      if (modules[row + r]?.[col + c] !== (ring !== 2)) return false;
    }
  return true;
}

describe('qrModules (issue 28 point 10: the poster QR code)', () => {
  it('encodes a share link as a square QR code with its three finder patterns', () => {
    const modules = qrModules('https://m.example.com/note/details?id=12345');
    const size = modules.length;
    expect(modules.every((row) => row.length === size)).toBe(true);
    // A version's size: 17 + 4 × version.
    expect((size - 17) % 4).toBe(0);
    expect(isFinder(modules, 0, 0)).toBe(true);
    expect(isFinder(modules, 0, size - 7)).toBe(true);
    expect(isFinder(modules, size - 7, 0)).toBe(true);
  });

  it('a longer link takes a larger code', () => {
    const short = qrModules('https://m.example.com/note/details?id=1').length;
    const long = qrModules(`https://m.example.com/note/details?id=1&from=${'x'.repeat(120)}`).length;
    expect(long).toBeGreaterThan(short);
  });
});

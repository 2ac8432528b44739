// The server renders seeded photos only at core's PAGE_IMAGE_WIDTHS (issue 11 point 6): every
// width a page asks the CDN for must be one of them, or its seeded images would answer 400.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PAGE_IMAGE_WIDTHS } from '@h5/core';
import { describe, expect, it } from 'vitest';

const ROUTES = join(__dirname, '..', 'routes');

/** Widths given to optimiseImageUrl in a source file: literal ones and `const X_WIDTH = n` ones. */
function widthsIn(source: string): number[] {
  const constants = new Map(
    [...source.matchAll(/const ([A-Z_]*WIDTH) = (\d+);/g)].map((m) => [m[1] as string, Number(m[2])]),
  );
  return [...source.matchAll(/optimiseImageUrl\([^)]*\{ width: ([A-Z_0-9]+)[ ,}]/g)].map((m) => {
    const value = m[1] as string;
    return /^\d+$/.test(value) ? Number(value) : (constants.get(value) ?? Number.NaN);
  });
}

describe('page image widths', () => {
  it('every width a route asks the CDN for is one the server renders seeded photos at', () => {
    const files = readdirSync(ROUTES, { recursive: true })
      .map(String)
      .filter((file) => /\.tsx?$/.test(file) && !file.includes('.test.'));
    const asked = files.flatMap((file) =>
      widthsIn(readFileSync(join(ROUTES, file), 'utf8')).map((width) => ({ file, width })),
    );
    expect(asked.length).toBeGreaterThan(10);
    expect(asked.filter(({ width }) => !PAGE_IMAGE_WIDTHS.includes(width))).toEqual([]);
  });
});

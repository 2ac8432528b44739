import { describe, expect, it } from 'vitest';
import { createUuid } from './uuid';

const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('createUuid', () => {
  it('uses crypto.randomUUID where there is one', () => {
    expect(createUuid({ randomUUID: () => '00000000-0000-4000-8000-000000000000' })).toBe(
      '00000000-0000-4000-8000-000000000000',
    );
  });

  it('falls back to getRandomValues (plain-http pages), then to Math.random, with v4 bits', () => {
    const fromValues = createUuid({
      getRandomValues: (bytes) => bytes.fill(0xff),
    });
    expect(fromValues).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
    const seen = new Set(Array.from({ length: 1000 }, () => createUuid({})));
    expect(seen.size).toBe(1000);
    for (const uuid of seen) expect(uuid).toMatch(V4);
  });
});

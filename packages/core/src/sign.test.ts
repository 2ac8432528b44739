import { describe, expect, it } from 'vitest';
import { signParams, signSource } from './sign';

describe('signSource', () => {
  it('sorts keys, serialises objects and arrays, skips undefined, appends the secret', () => {
    expect(signSource({ c: { x: 1 }, a: 1, z: undefined, b: [1, 2] }, 'secret')).toBe(
      'a1b[1,2]c{"x":1}secret',
    );
  });
});

describe('signParams', () => {
  it('is the MD5 hex of the sign source', () => {
    expect(signParams({ c: { x: 1 }, a: 1, b: [1, 2] }, 'secret')).toBe('3fd7d022ec5c120539f8f4bc1e9c9550');
  });
});

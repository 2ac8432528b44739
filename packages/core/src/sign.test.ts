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

// Vectors computed outside the code, with the shell's md5sum over the sign source spec §5 describes.
describe('signParams: null, empty strings, nested objects and arrays', () => {
  it('signs null as the text "null" and an empty string as nothing, keeping both keys', () => {
    // printf '%s' 'anullbsecret' | md5sum
    expect(signParams({ a: null, b: '' }, 'secret')).toBe('a139317566bbc8bfdfda430dc0c5e236');
    // printf '%s' 'emptytitlenullsecret' | md5sum
    expect(signParams({ title: null, empty: '' }, 'secret')).toBe('63b020d189c9e6bd4c9abbef833ffac5');
  });

  it('serialises nested objects and arrays as JSON, their own key order kept (only the top level is sorted)', () => {
    // printf '%s' 'filter{"tags":["x",{"y":null}],"a":""}ids[3,1,2]secret' | md5sum
    expect(signParams({ ids: [3, 1, 2], filter: { tags: ['x', { y: null }], a: '' } }, 'secret')).toBe(
      'a1099a8c69dc4a2093b3263424192b70',
    );
    // printf '%s' 'list[{"b":2,"a":1},[],{}]secret' | md5sum
    expect(signParams({ list: [{ b: 2, a: 1 }, [], {}] }, 'secret')).toBe('a70379678f5fe3d39c851f9586a6f43c');
  });

  it('skips an undefined top-level value but not a null one', () => {
    // printf '%s' 'anullbsecret' | md5sum — c: undefined leaves no trace.
    expect(signParams({ a: null, b: '', c: undefined }, 'secret')).toBe('a139317566bbc8bfdfda430dc0c5e236');
  });
});

// docs/api.md ("Sign") says what the sign is not; these keep those sentences true.
describe('what the sign does not protect', () => {
  it('joins keys and values without a separator: {ab: "c"} and {a: "bc"} sign the same', () => {
    expect(signSource({ ab: 'c' }, 'secret')).toBe('abcsecret');
    expect(signSource({ a: 'bc' }, 'secret')).toBe('abcsecret');
    expect(signParams({ ab: 'c' }, 'secret')).toBe(signParams({ a: 'bc' }, 'secret'));
    // Across fields too: the boundary between two pairs can move.
    expect(signParams({ a: 'b', c: 'd' }, 'secret')).toBe(signParams({ a: 'bcd' }, 'secret'));
  });

  it('does not tell a number from its text', () => {
    expect(signParams({ userId: 1 }, 'secret')).toBe(signParams({ userId: '1' }, 'secret'));
  });

  it('carries no time or nonce: the same parameters sign the same forever (replayable)', () => {
    // md5('limit20secret'): nothing but the parameters and the secret goes in.
    expect(signParams({ limit: 20 }, 'secret')).toBe('e764e32f591d53f00a573fc729e5c718');
  });
});

import { describe, expect, it } from 'vitest';
import { readCookie } from './cookies';

describe('readCookie', () => {
  it('finds a cookie among others and decodes it', () => {
    expect(readCookie('a=1; duToken=abc%7C42%7Cx; b=2', 'duToken')).toBe('abc|42|x');
  });

  it('returns null when absent or for an empty header', () => {
    expect(readCookie('a=1', 'duToken')).toBeNull();
    expect(readCookie(null, 'duToken')).toBeNull();
  });

  it('keeps a value that is not percent-encoded', () => {
    expect(readCookie('t=%E0%A4%A', 't')).toBe('%E0%A4%A');
  });
});

import { describe, expect, it } from 'vitest';
import { isChunkFailure, isNetworkFailure } from './network-failure';

describe('isNetworkFailure', () => {
  it("is true for the browsers' fetch and import failures", () => {
    expect(isNetworkFailure(new TypeError('Failed to fetch'), true)).toBe(true);
    expect(isNetworkFailure(new TypeError('NetworkError when attempting to fetch resource.'), true)).toBe(
      true,
    );
    expect(isNetworkFailure(new TypeError('Load failed'), true)).toBe(true);
    expect(
      isNetworkFailure(new TypeError('Failed to fetch dynamically imported module: http://x/a.js'), true),
    ).toBe(true);
  });

  it('is false for a render bug while online, true for any error while offline', () => {
    const bug = new TypeError("Cannot read properties of undefined (reading 'title')");
    expect(isNetworkFailure(bug, true)).toBe(false);
    expect(isNetworkFailure(bug, false)).toBe(true);
    expect(isNetworkFailure('not an error', false)).toBe(false);
  });
});

describe('isChunkFailure', () => {
  it('is true only for a module that did not load', () => {
    expect(isChunkFailure(new TypeError('Failed to fetch dynamically imported module: http://x/a.js'))).toBe(
      true,
    );
    expect(isChunkFailure(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkFailure(new TypeError('Failed to fetch'))).toBe(false);
  });
});

import { QUERY_PARAMS } from '@h5/core';
import { describe, expect, it } from 'vitest';
import { isFlagOn, readQuery, safeRedirectPath } from './query-params';

describe('query params', () => {
  it('reads a parameter from a search string', () => {
    expect(readQuery('?downgrade_to_export=1&debug=1', QUERY_PARAMS.downgrade)).toBe('1');
    expect(readQuery('?debug=1', QUERY_PARAMS.streamId)).toBeNull();
  });

  it('treats 0 and false as off', () => {
    expect(isFlagOn('1')).toBe(true);
    expect(isFlagOn('')).toBe(true);
    expect(isFlagOn('0')).toBe(false);
    expect(isFlagOn('false')).toBe(false);
    expect(isFlagOn(null)).toBe(false);
  });

  it('only redirects to same-origin paths', () => {
    expect(safeRedirectPath('/community/feed?x=1')).toBe('/community/feed?x=1');
    expect(safeRedirectPath('//evil.example')).toBe('/');
    expect(safeRedirectPath('https://evil.example')).toBe('/');
    expect(safeRedirectPath('/\\evil.example')).toBe('/');
    expect(safeRedirectPath(null)).toBe('/');
  });
});

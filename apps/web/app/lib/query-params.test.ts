import { QUERY_PARAMS } from '@h5/core';
import { describe, expect, it } from 'vitest';
import { readQuery } from './query-params';
import { safeRedirectPath } from './redirect-path';

describe('query params', () => {
  it('reads a parameter from a search string', () => {
    expect(readQuery('?downgrade_to_export=1&debug=1', QUERY_PARAMS.downgrade)).toBe('1');
    expect(readQuery('?debug=1', QUERY_PARAMS.streamId)).toBeNull();
  });

  it('only redirects to same-origin paths', () => {
    expect(safeRedirectPath('/community/feed?x=1')).toBe('/community/feed?x=1');
    expect(safeRedirectPath('//evil.example')).toBe('/');
    expect(safeRedirectPath('https://evil.example')).toBe('/');
    expect(safeRedirectPath('/\\evil.example')).toBe('/');
    expect(safeRedirectPath(null)).toBe('/');
  });

  // Issue 11 point 11: what `?redirect=` decodes to (URLSearchParams) for the requests.
  it.each([
    ['/%09/evil.example/', '/'],
    ['/%0A/evil.example/', '/'],
    ['/%0D%0A/evil.example/', '/'],
    ['/%0D/evil.example/', '/'],
    ['%09//evil.example', '/'],
    ['///evil.example', '/'],
    ['/.//evil.example', '/'],
    ['%5C%5Cevil.example', '/'],
    ['/%5Cevil.example', '/'],
    ['javascript:alert(1)', '/'],
    ['http:evil.example', '/'],
    ['https://evil.example', '/'],
    ['/%E3%80%80/evil.example', '/%E3%80%80/evil.example'],
    ['/community/feed?x=1', '/community/feed?x=1'],
  ])('?redirect=%s goes to %s', (raw, expected) => {
    const value = new URLSearchParams(`redirect=${raw}`).get('redirect');
    expect(safeRedirectPath(value)).toBe(expected);
  });
});

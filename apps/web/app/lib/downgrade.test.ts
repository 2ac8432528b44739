import { describe, expect, it } from 'vitest';
import { downgradeCookie, isDowngradeOn, isDowngradeRequest, withDowngradeFlag } from './downgrade';

describe('downgrade toggle', () => {
  it('adds the query flag and keeps the other parameters and the hash', () => {
    expect(withDowngradeFlag('https://h5.example/community/feed?a=1#top', true)).toBe(
      'https://h5.example/community/feed?a=1&downgrade_to_export=1#top',
    );
  });

  it('removes the query flag', () => {
    expect(withDowngradeFlag('https://h5.example/?downgrade_to_export=1&a=1', false)).toBe(
      'https://h5.example/?a=1',
    );
    expect(withDowngradeFlag('https://h5.example/?downgrade_to_export=1', false)).toBe('https://h5.example/');
  });

  it('is on when either the query or the local flag is set', () => {
    expect(isDowngradeOn('https://h5.example/?downgrade_to_export=1', null)).toBe(true);
    expect(isDowngradeOn('https://h5.example/', '1')).toBe(true);
    expect(isDowngradeOn('https://h5.example/', null)).toBe(false);
    expect(isDowngradeOn('https://h5.example/?downgrade_to_export=0', null)).toBe(false);
  });

  it('mirrors the local flag in a cookie the server reads (the server renders the web path)', () => {
    expect(downgradeCookie(true)).toBe('downgrade_to_export=1; Path=/; Max-Age=31536000; SameSite=Lax');
    expect(downgradeCookie(false)).toBe('downgrade_to_export=; Path=/; Max-Age=0; SameSite=Lax');
    expect(isDowngradeRequest('https://h5.example/?downgrade_to_export=1', null)).toBe(true);
    expect(isDowngradeRequest('https://h5.example/', 'a=1; downgrade_to_export=1')).toBe(true);
    expect(isDowngradeRequest('https://h5.example/', 'a=1')).toBe(false);
    expect(isDowngradeRequest('https://h5.example/', null)).toBe(false);
  });
});

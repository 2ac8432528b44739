import { describe, expect, it } from 'vitest';
import { isDowngradeOn, withDowngradeFlag } from './downgrade';

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
});

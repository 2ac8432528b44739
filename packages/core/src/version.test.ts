import { describe, expect, it } from 'vitest';
import { compareVersions, meetsFeature, meetsVersion, parseVersion, resolveNativeVersion } from './version';

describe('parseVersion', () => {
  it('parses major.minor.patch only', () => {
    expect(parseVersion('5.26.1')).toEqual([5, 26, 1]);
    expect(parseVersion(' 4.38.5 ')).toEqual([4, 38, 5]);
    expect(parseVersion('5.26')).toBeNull();
    expect(parseVersion('5.x.1')).toBeNull();
    expect(parseVersion(undefined)).toBeNull();
  });
});

describe('compareVersions', () => {
  it('compares numerically, not as text', () => {
    expect(compareVersions('5.10.0', '5.7.0')).toBe(1);
    expect(compareVersions('5.7.0', '5.10.0')).toBe(-1);
    expect(compareVersions('4.92.0', '4.92.0')).toBe(0);
    expect(compareVersions('4.38.5', '4.38.10')).toBe(-1);
    expect(compareVersions('5.26', '5.26.0')).toBe(0);
  });
});

describe('meetsFeature', () => {
  it('applies the per-feature minimums', () => {
    expect(meetsFeature('5.7.0', 'chat')).toBe(true);
    expect(meetsFeature('5.6.9', 'chat')).toBe(false);
    expect(meetsFeature('5.10.0', 'platformInfo')).toBe(true);
    expect(meetsFeature('5.9.99', 'platformInfo')).toBe(false);
    expect(meetsFeature('5.26.0', 'twoElementRealName')).toBe(true);
    expect(meetsFeature('5.25.9', 'twoElementRealName')).toBe(false);
    expect(meetsFeature('5.0.0', 'imagePreview')).toBe(true);
    expect(meetsFeature('4.99.0', 'imagePreview')).toBe(false);
    expect(meetsFeature('4.38.5', 'channelShare')).toBe(true);
    expect(meetsFeature('4.38.4', 'channelShare')).toBe(false);
    expect(meetsVersion('6.0.0', '5.26.0')).toBe(true);
  });
  it('gates the fallback versions as expected', () => {
    expect(meetsFeature('4.4.0', 'channelShare')).toBe(false);
    expect(meetsFeature(resolveNativeVersion(undefined), 'channelShare')).toBe(true);
    expect(meetsFeature(resolveNativeVersion(undefined), 'imagePreview')).toBe(false);
  });
});

describe('resolveNativeVersion', () => {
  it('falls back to 4.92.0', () => {
    expect(resolveNativeVersion(undefined)).toBe('4.92.0');
    expect(resolveNativeVersion('')).toBe('4.92.0');
    expect(resolveNativeVersion('garbage')).toBe('4.92.0');
    expect(resolveNativeVersion('5.26.1')).toBe('5.26.1');
  });
});

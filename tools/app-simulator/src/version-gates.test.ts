import { describe, expect, it } from 'vitest';
import { missingFeature, requiredFeature, sharesToChannelDirectly } from './version-gates';

describe('version gates (spec §9 minimums)', () => {
  it.each([
    ['getPlatformInfo', {}, '5.9.9', '5.10.0', 'platformInfo'],
    ['openChat', { userId: '1' }, '5.6.9', '5.7.0', 'chat'],
    ['previewImage', { urls: ['a'], index: 0 }, '4.99.99', '5.0.0', 'imagePreview'],
    ['realNameAuth', { mode: 'twoElement' }, '5.25.9', '5.26.0', 'twoElementRealName'],
  ] as const)('%s needs its minimum', (kind, payload, below, at, feature) => {
    expect(requiredFeature(kind, payload)).toBe(feature);
    expect(missingFeature(below, { kind, payload })).toBe(feature);
    expect(missingFeature(at, { kind, payload })).toBeNull();
  });

  it('answers full real-name auth and every other kind on any version', () => {
    expect(missingFeature('4.0.0', { kind: 'realNameAuth', payload: { mode: 'full' } })).toBeNull();
    for (const kind of [
      'openLogin',
      'share',
      'toast',
      'setClipboard',
      'calendarAdd',
      'riskVerify',
    ] as const) {
      expect(requiredFeature(kind, {})).toBeNull();
    }
  });

  it('shares straight to a channel from 4.38.5', () => {
    expect(sharesToChannelDirectly('4.38.4')).toBe(false);
    expect(sharesToChannelDirectly('4.38.5')).toBe(true);
    expect(sharesToChannelDirectly('5.26.1')).toBe(true);
  });
});

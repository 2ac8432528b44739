import { describe, expect, it } from 'vitest';
import { lowDeviceHint, statusBarHeightHint } from './device-hints';

const IOS_17 = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Mobile/15E148 CommunityApp/5.26.1';
const IOS_11 = 'Mozilla/5.0 (iPhone; CPU iPhone OS 11_4 like Mac OS X) Mobile/15E148';
const ANDROID_8 = 'Mozilla/5.0 (Linux; Android 8.1.0; Pixel) Chrome/120 Mobile Safari/537.36';

describe('lowDeviceHint: what the server knows before the page runs', () => {
  it("takes the page's own judgement from its cookie", () => {
    expect(lowDeviceHint(IOS_17, 'h5_low_device=1')).toBe(true);
    expect(lowDeviceHint(IOS_11, 'a=b; h5_low_device=0')).toBe(false);
  });
  it('without the cookie, judges iOS 11 or lower and Android 8 or lower from the user agent', () => {
    expect(lowDeviceHint(IOS_11, null)).toBe(true);
    expect(lowDeviceHint(ANDROID_8, '')).toBe(true);
    expect(lowDeviceHint(IOS_17, null)).toBe(false);
    expect(lowDeviceHint(null, null)).toBe(false);
  });
});

describe('statusBarHeightHint: the height the app reported on an earlier page', () => {
  it('reads whole CSS pixels from 0 to 200', () => {
    expect(statusBarHeightHint('h5_status_bar_height=44')).toBe(44);
    expect(statusBarHeightHint('x=1; h5_status_bar_height=0')).toBe(0);
    expect(statusBarHeightHint('h5_status_bar_height=200')).toBe(200);
  });
  it('ignores anything else', () => {
    for (const bad of [
      'h5_status_bar_height=201',
      'h5_status_bar_height=-1',
      'h5_status_bar_height=4.5',
      'h5_status_bar_height=44px',
      'h5_status_bar_height=',
      'x=1',
    ])
      expect(statusBarHeightHint(bad), bad).toBeNull();
    expect(statusBarHeightHint(null)).toBeNull();
  });
});

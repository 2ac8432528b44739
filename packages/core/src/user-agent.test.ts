import { describe, expect, it } from 'vitest';
import { isInApp, isWechatBrowser, parseAppUserAgent, parseUserAgentOs } from './user-agent';

const IOS_APP =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 16_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 CommunityApp/5.26.1';
const ANDROID_BROWSER =
  'Mozilla/5.0 (Linux; Android 8.1.0; Pixel) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Mobile Safari/537.36';
const WECHAT = 'Mozilla/5.0 (iPhone; CPU iPhone OS 11_0 like Mac OS X) MicroMessenger/8.0.40';

describe('parseAppUserAgent', () => {
  it('reads the marker and version', () => {
    expect(parseAppUserAgent(IOS_APP)).toEqual({ inApp: true, version: '5.26.1', versionParsed: true });
  });
  it('treats an app without a parsable version as native 4.92.0 (spec §9 default native version)', () => {
    expect(parseAppUserAgent('Mozilla/5.0 CommunityApp')).toEqual({
      inApp: true,
      version: '4.92.0',
      versionParsed: false,
    });
    expect(parseAppUserAgent('Mozilla/5.0 CommunityApp/5.26')).toEqual({
      inApp: true,
      version: '4.92.0',
      versionParsed: false,
    });
    expect(parseAppUserAgent('Mozilla/5.0 (iPhone) CommunityApp/beta')).toEqual({
      inApp: true,
      version: '4.92.0',
      versionParsed: false,
    });
  });
  it('reports 4.4.0 outside the app (spec §9 default app version fallback)', () => {
    expect(parseAppUserAgent(ANDROID_BROWSER)).toEqual({
      inApp: false,
      version: '4.4.0',
      versionParsed: false,
    });
    expect(parseAppUserAgent(undefined)).toEqual({ inApp: false, version: '4.4.0', versionParsed: false });
  });
  it('matches the marker as a whole token only', () => {
    expect(isInApp('Mozilla/5.0 XCommunityApp/5.26.1')).toBe(false);
    expect(isInApp('Mozilla/5.0 CommunityAppX/5.26.1')).toBe(false);
  });
  it('accepts a configured marker', () => {
    expect(parseAppUserAgent('Mozilla/5.0 (Linux) ShopApp/5.10.0', 'ShopApp').version).toBe('5.10.0');
    expect(isInApp(IOS_APP, 'ShopApp')).toBe(false);
  });
});

describe('browser and OS detection', () => {
  it('detects the messaging app browser', () => {
    expect(isWechatBrowser(WECHAT)).toBe(true);
    expect(isWechatBrowser(IOS_APP)).toBe(false);
  });
  it('reads iOS and Android majors', () => {
    expect(parseUserAgentOs(IOS_APP)).toEqual({ os: 'ios', major: 16 });
    expect(parseUserAgentOs(WECHAT)).toEqual({ os: 'ios', major: 11 });
    expect(parseUserAgentOs(ANDROID_BROWSER)).toEqual({ os: 'android', major: 8 });
    expect(parseUserAgentOs('curl/8.0')).toEqual({ os: 'other', major: undefined });
  });
});

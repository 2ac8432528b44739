import { describe, expect, it } from 'vitest';
import { parseCliArgs } from './cli-args';

describe('parseCliArgs', () => {
  it('defaults to a headed iOS app 5.26.1 on localhost:3000', () => {
    expect(parseCliArgs([])).toMatchObject({
      url: 'http://localhost:3000/',
      appVersion: '5.26.1',
      platform: 'ios',
      headless: false,
      screenshot: null,
      cookieSync: true,
      autoSolveCaptcha: false,
      injectHostLate: null,
    });
  });

  it('reads every flag; --screenshot implies headless', () => {
    const cli = parseCliArgs([
      '--url=http://127.0.0.1:4000/community/posts?postsId=1',
      '--app-version',
      '5.9.0',
      '--platform',
      'android',
      '--screenshot',
      'out.png',
      '--no-cookie-sync',
      '--auto-captcha',
      '--inject-host-late',
      '300',
      '--login',
    ]);
    expect(cli).toMatchObject({
      url: 'http://127.0.0.1:4000/community/posts?postsId=1',
      appVersion: '5.9.0',
      platform: 'android',
      headless: true,
      screenshot: 'out.png',
      cookieSync: false,
      autoSolveCaptcha: true,
      injectHostLate: 300,
      login: true,
    });
  });

  it('reads the platform-info, captcha and device flags (issue 12)', () => {
    expect(parseCliArgs([])).toMatchObject({
      userAgentVersion: null,
      captchaSession: true,
      statusBarHeight: null,
      device: {},
    });
    const cli = parseCliArgs([
      '--ua-version=beta',
      '--captcha-without-session',
      '--status-bar-height',
      '47',
      '--device-memory',
      '1',
      '--cores',
      '2',
      '--pixel-ratio',
      '1.5',
    ]);
    expect(cli).toMatchObject({
      userAgentVersion: 'beta',
      captchaSession: false,
      statusBarHeight: 47,
      device: { memoryGb: 1, cores: 2, pixelRatio: 1.5 },
    });
    expect(parseCliArgs(['--ua-version='])).toMatchObject({ userAgentVersion: '' });
    expect(() => parseCliArgs(['--status-bar-height', 'tall'])).toThrow(/pixels/);
    expect(() => parseCliArgs(['--cores', '0'])).toThrow(/--cores/);
    expect(() => parseCliArgs(['--pixel-ratio', 'x'])).toThrow(/--pixel-ratio/);
  });

  it('refuses bad values and unknown flags', () => {
    expect(() => parseCliArgs(['--platform', 'symbian'])).toThrow(/ios or android/);
    expect(() => parseCliArgs(['--app-version', '5.26'])).toThrow(/major.minor.patch/);
    expect(() => parseCliArgs(['--inject-host-late', 'soon'])).toThrow(/milliseconds/);
    expect(() => parseCliArgs(['--url', 'not a url'])).toThrow();
    expect(() => parseCliArgs(['--fast'])).toThrow();
  });
});

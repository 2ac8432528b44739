import { TOKEN_EXPIRED, TOURIST } from '@h5/core';
import { describe, expect, it } from 'vitest';
import { createBridge } from './create-bridge';
import { BRIDGE_ERROR } from './protocol';
import { isReloadExemptPath } from './session';
import { appUa, BROWSER_UA, flushPromises, testEnvironment } from './test-utils';

const APP = appUa('5.26.1');
const TOKENS = { duToken: 'tok|42', xAuthToken: 'xa-1' };

function setup(userAgent = APP, url?: string) {
  const t = testEnvironment(userAgent, url);
  t.native.install();
  const bridge = createBridge({ ...t.options, cookieDomain: '.example.com', cookieMaxAgeSeconds: 600 });
  return { ...t, bridge };
}

describe('login gating (spec §6)', () => {
  it('a visitor gets the native login with 7999 instead of the action', async () => {
    const { bridge, native } = setup();
    await expect(bridge.runAction('zan', { id: 1 })).rejects.toMatchObject({
      code: BRIDGE_ERROR.loginRequired,
      kind: 'action',
    });
    expect(native.requests().map((m) => [m.kind, m.payload])).toEqual([['openLogin', { code: TOURIST }]]);
  });

  it('with a duToken cookie the action goes to the app', async () => {
    const { bridge, native, document } = setup();
    document.cookie = 'duToken=tok|42';
    const result = bridge.runAction('getCoupon', { couponId: 7 });
    expect(native.last('action').payload).toEqual({ name: 'getCoupon', params: { couponId: 7 } });
    native.answer(native.last('action').id, { done: true });
    await expect(result).resolves.toEqual({ done: true });
  });

  // Spec §6's 18 actions, written out: the test fails if the list in core loses or renames one.
  const SPEC_GATED_ACTIONS = [
    'getCoupon',
    'applySettle',
    'getShareInfo',
    'shareGetCoupon',
    'getShareCoupon',
    'goRedPacketPage',
    'connectStaff',
    'applyDr',
    'requestPush',
    'zan',
    'replyUser',
    'deleteReply',
    'upload',
    'uploadSuccess',
    'fav',
    'openMoreManagerDialog',
    'showOrHideReply',
    'GoCertivify',
  ] as const;

  it('gates every one of the 18 actions of spec §6', async () => {
    expect(SPEC_GATED_ACTIONS).toHaveLength(18);
    for (const name of SPEC_GATED_ACTIONS) {
      const { bridge, native } = setup();
      await expect(bridge.runAction(name)).rejects.toMatchObject({ code: BRIDGE_ERROR.loginRequired });
      expect(native.requests('action')).toEqual([]);
    }
  });

  it('outside the app a visitor goes to the web login instead', async () => {
    const { bridge, native, onWebLogin } = setup(BROWSER_UA);
    await expect(bridge.runAction('fav')).rejects.toMatchObject({ code: BRIDGE_ERROR.loginRequired });
    expect(onWebLogin).toHaveBeenCalledWith(TOURIST);
    expect(native.sent).toEqual([]);
  });

  it('redirect key 28 needs login too; with the cookie it jumps', async () => {
    const { bridge, native, document } = setup();
    const url = 'https://m.example.com/activity';
    await expect(bridge.redirect(28, { url })).rejects.toMatchObject({ code: BRIDGE_ERROR.loginRequired });
    expect(native.last('openLogin').payload).toEqual({ code: TOURIST });
    document.cookie = 'duToken=tok|42';
    const opened = bridge.redirect(28, { url });
    expect(native.last('redirect').payload).toEqual({ key: 28, params: { url } });
    native.answer(native.last('redirect').id, { opened: true });
    await expect(opened).resolves.toBe(true);
  });

  it('handleAuthCode opens the login with 700 or 7999 and ignores other codes', async () => {
    const { bridge, native } = setup();
    void bridge.handleAuthCode(TOKEN_EXPIRED);
    void bridge.handleAuthCode(TOKEN_EXPIRED); // a second failing request: still one modal
    expect(native.requests('openLogin').map((m) => m.payload)).toEqual([{ code: TOKEN_EXPIRED }]);
    native.fail(native.last('openLogin').id, BRIDGE_ERROR.dismissed);
    await flushPromises();
    void bridge.handleAuthCode(TOURIST);
    expect(native.last('openLogin').payload).toEqual({ code: TOURIST });
    await expect(bridge.handleAuthCode(500)).resolves.toBe(false);
  });

  it('a dismissed login resolves false', async () => {
    const { bridge, native } = setup();
    const result = bridge.login();
    native.fail(native.last('openLogin').id, BRIDGE_ERROR.dismissed);
    await expect(result).resolves.toBe(false);
  });
});

describe('native login success', () => {
  it('writes both cookies on the shared domain, asks platform info again and reloads', async () => {
    const { bridge, native, document, location } = setup();
    const platformInfo: unknown[] = [];
    bridge.on('platformInfo', (info) => platformInfo.push(info));
    const result = bridge.login(TOURIST);
    native.answer(native.last('openLogin').id, TOKENS);
    await expect(result).resolves.toBe(true);
    expect(document.writes).toEqual([
      'duToken=tok|42; Path=/; Domain=.example.com; Max-Age=600; SameSite=Lax; Secure',
      'x-auth-token=xa-1; Path=/; Domain=.example.com; Max-Age=600; SameSite=Lax; Secure',
    ]);
    expect(bridge.isLoggedIn()).toBe(true);
    expect(location.reload).toHaveBeenCalledTimes(1);
    native.answer(native.last('getPlatformInfo').id, {
      appVersion: '5.26.1',
      platform: 'ios',
      cookieToken: 'tok|42',
    });
    await flushPromises();
    expect(platformInfo).toEqual([{ appVersion: '5.26.1', platform: 'ios', cookieToken: 'tok|42' }]);
  });

  // Spec §2: the strange-encounters, 520, tanabata and gravity/xinyin activities under h5-sociality.
  it.each([
    '/h5-sociality/strange-encounters',
    '/h5-sociality/520',
    '/h5-sociality/tanabata',
    '/h5-sociality/gravity/xinyin',
  ])('does not reload on the exempt path %s', async (path) => {
    const { bridge, native, location } = setup(APP, `https://m.example.com${path}/index?x=1`);
    const result = bridge.login();
    native.answer(native.last('openLogin').id, TOKENS);
    await result;
    expect(location.reload).not.toHaveBeenCalled();
    expect(native.requests('getPlatformInfo')).toHaveLength(1);
  });

  it('acts on a loginSuccess event, once even when the openLogin answer names the same login', async () => {
    const { bridge, native, document, location } = setup();
    native.emit('loginSuccess', TOKENS);
    expect(document.jar.get('duToken')).toBe('tok|42');
    const result = bridge.login();
    native.answer(native.last('openLogin').id, TOKENS);
    await expect(result).resolves.toBe(true);
    expect(location.reload).toHaveBeenCalledTimes(1);
    expect(document.writes).toHaveLength(2);
  });

  it('treats exempt paths by whole segments', () => {
    expect(isReloadExemptPath('/h5-sociality/520')).toBe(true);
    expect(isReloadExemptPath('/h5-sociality/520/draw')).toBe(true);
    expect(isReloadExemptPath('/h5-sociality/5200')).toBe(false);
    expect(isReloadExemptPath('/community/feed')).toBe(false);
  });
});

describe('missing-cookie self-healing', () => {
  it('reports, resyncs, writes the cookies and resolves true', async () => {
    const { bridge, native, document, telemetry } = setup();
    const healed = bridge.ensureCookies();
    native.answer(native.last('getPlatformInfo').id, {
      appVersion: '5.26.1',
      platform: 'ios',
      cookieToken: 'tok|42',
    });
    await flushPromises();
    expect(telemetry).toHaveBeenCalledWith('missing-cookie', '客户端 Webview Cookie 缺失');
    expect(native.requests('syncCookies')).toHaveLength(1);
    native.answer(native.last('syncCookies').id, TOKENS);
    await expect(healed).resolves.toBe(true);
    expect(document.jar.get('duToken')).toBe('tok|42');
    expect(document.jar.get('x-auth-token')).toBe('xa-1');
  });

  it('uses the platform info tokens when the resync returns none', async () => {
    const { bridge, native, document } = setup();
    const healed = bridge.ensureCookies();
    const info = { appVersion: '5.26.1', platform: 'ios', cookieToken: 'tok|9', 'X-Auth-Token': 'xa-9' };
    native.answer(native.last('getPlatformInfo').id, info);
    await flushPromises();
    native.answer(native.last('syncCookies').id, null);
    await expect(healed).resolves.toBe(true);
    expect([document.jar.get('duToken'), document.jar.get('x-auth-token')]).toEqual(['tok|9', 'xa-9']);
  });

  it('does nothing for a real visitor, with the cookie present, outside the app or below 5.10.0', async () => {
    const visitor = setup();
    const result = visitor.bridge.ensureCookies();
    visitor.native.answer(visitor.native.last('getPlatformInfo').id, {
      appVersion: '5.26.1',
      platform: 'ios',
    });
    await expect(result).resolves.toBe(false);
    expect(visitor.telemetry).not.toHaveBeenCalled();
    expect(visitor.native.requests('syncCookies')).toHaveLength(0);

    const loggedIn = setup();
    loggedIn.document.cookie = 'duToken=tok|42';
    await expect(loggedIn.bridge.ensureCookies()).resolves.toBe(false);
    await expect(setup(BROWSER_UA).bridge.ensureCookies()).resolves.toBe(false);
    await expect(setup(appUa('5.9.0')).bridge.ensureCookies()).resolves.toBe(false);
    expect(loggedIn.native.sent).toEqual([]);
  });

  it('concurrent callers share one repair', () => {
    const { bridge, native } = setup();
    void bridge.ensureCookies();
    void bridge.ensureCookies();
    expect(native.requests('getPlatformInfo')).toHaveLength(1);
  });
});

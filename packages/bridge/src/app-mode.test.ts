import { JUMP_KEY } from '@h5/core';
import { describe, expect, it, vi } from 'vitest';
import { createBridge } from './create-bridge';
import { deviceIdOf } from './platform-info';
import { BRIDGE_ERROR } from './protocol';
import { appUa, BROWSER_UA, flushPromises, testEnvironment } from './test-utils';

function setup(userAgent: string, extra: Parameters<typeof createBridge>[0] = {}) {
  const t = testEnvironment(userAgent);
  t.native.install();
  const bridge = createBridge({ ...t.options, ...extra });
  return { ...t, bridge };
}

describe('an app whose user agent has no parsable version (spec §9 default native version 4.92.0)', () => {
  it('gates as 4.92.0: channel share on (4.38.5), platform info, preview, chat, two-element off', () => {
    const bridge = createBridge({ window: null, userAgent: `${BROWSER_UA} CommunityApp/beta` });
    expect([bridge.inApp, bridge.appVersion]).toEqual([true, '4.92.0']);
    expect(bridge.supports('channelShare')).toBe(true);
    expect(bridge.supports('platformInfo')).toBe(false);
    expect(bridge.supports('imagePreview')).toBe(false);
    expect(bridge.supports('chat')).toBe(false);
    expect(bridge.supports('twoElementRealName')).toBe(false);
  });

  it('sends a share with its channel and derives platform info from the UA as 4.92.0', async () => {
    const ua = `${BROWSER_UA} CommunityApp`;
    const { bridge, native } = setup(ua);
    void bridge.share({ channel: 1, shareTitle: 'T', shareUrl: 'https://m.example.com/s' });
    expect(native.last('share').payload).toEqual({
      channel: 1,
      shareTitle: 'T',
      shareUrl: 'https://m.example.com/s',
    });
    await expect(bridge.getPlatformInfo()).resolves.toEqual({ appVersion: '4.92.0', platform: 'ios', ua });
    expect(native.requests('getPlatformInfo')).toEqual([]);
  });
});

describe('web only (downgrade mode, spec §2)', () => {
  it('sends nothing to the app: web fallbacks, app-only messages unsupported, jumps to web pages', async () => {
    const writeText = vi.fn(async () => {});
    const ua = appUa('5.26.1');
    const { bridge, native, location } = setup(ua, {
      webOnly: true,
      navigator: { userAgent: ua, clipboard: { writeText } },
    });
    expect(bridge.inApp).toBe(false);
    expect(bridge.supports('imagePreview')).toBe(false);
    await bridge.copyText('https://m.example.com/a');
    expect(writeText).toHaveBeenCalledWith('https://m.example.com/a');
    await expect(bridge.getPlatformInfo()).resolves.toMatchObject({ platform: 'ios', ua });
    await expect(bridge.riskVerify({})).rejects.toMatchObject({ code: BRIDGE_ERROR.unsupported });
    await expect(bridge.call('toast', { message: 'x' })).rejects.toMatchObject({
      code: BRIDGE_ERROR.unsupported,
    });
    await expect(bridge.redirect(JUMP_KEY.topic, { tagId: 5 })).resolves.toBe(true);
    expect(location.assign).toHaveBeenCalledWith('/community/topic?tagId=5');
    await bridge.finishedPage();
    await flushPromises();
    expect(native.sent).toEqual([]);
  });
});

describe('deviceIdOf (spec §3: deviceId or duid replaces uuid)', () => {
  it('takes deviceId, then duid, then uuid; nothing without any', () => {
    const base = { appVersion: '5.26.1', platform: 'ios' };
    expect(deviceIdOf({ ...base, uuid: 'u-1', deviceId: 'd-1', duid: 'du-1' })).toBe('d-1');
    expect(deviceIdOf({ ...base, uuid: 'u-1', duid: 'du-1' })).toBe('du-1');
    expect(deviceIdOf({ ...base, uuid: 'u-1', deviceId: '', duid: '' })).toBe('u-1');
    expect(deviceIdOf({ ...base, uuid: 'u-1' })).toBe('u-1');
    expect(deviceIdOf(base)).toBeUndefined();
    expect(deviceIdOf(null)).toBeUndefined();
  });
});

import { JUMP_KEY, PRODUCT_JUMP, USER_DETAIL_JUMP } from '@h5/core';
import { describe, expect, it } from 'vitest';
import { createBridge } from './create-bridge';
import { appUa, BROWSER_UA, testEnvironment } from './test-utils';

function setup(userAgent: string) {
  const t = testEnvironment(userAgent, 'https://m.example.com/community/feed');
  t.native.install();
  return { ...t, bridge: createBridge(t.options) };
}

describe('redirect by jump key', () => {
  it('in the app sends the native jump with its params', async () => {
    const { bridge, native } = setup(appUa('5.26.1'));
    const opened = bridge.redirect(JUMP_KEY.posts, { postsId: 12 });
    expect(native.last('redirect').payload).toEqual({ key: 8, params: { postsId: 12 } });
    native.answer('f1:1', { opened: true });
    await expect(opened).resolves.toBe(true);
    void bridge.redirect(USER_DETAIL_JUMP, { userId: '42' });
    expect(native.last('redirect').payload).toEqual({
      key: 'userDetail',
      params: { userId: '42', userIdNumber: 42 },
    });
    void bridge.redirect(JUMP_KEY.circle, { circleId: 3 });
    expect(native.last('redirect').payload).toEqual({ key: 31, params: { circleId: 3 } });
    void bridge.redirect(PRODUCT_JUMP, { spuId: 1000008, propertyValueId: 3 });
    expect(native.last('redirect').payload).toEqual({
      key: 'productDetail',
      params: { spuId: 1000008, propertyValueId: 3 },
    });
  });

  it('in the app opens nothing when the id is missing', async () => {
    const { bridge, native } = setup(appUa('5.26.1'));
    await expect(bridge.redirect(JUMP_KEY.trend, {})).resolves.toBe(false);
    expect(native.sent).toEqual([]);
  });

  it('outside the app goes to the same-origin fallback page', async () => {
    const { bridge, location, native } = setup(BROWSER_UA);
    await expect(bridge.redirect(JUMP_KEY.topic, { tagId: 5 })).resolves.toBe(true);
    expect(location.assign).toHaveBeenCalledWith('/community/topic?tagId=5');
    await expect(
      bridge.redirect(JUMP_KEY.externalLink, { url: 'https://other.example.org/x' }),
    ).resolves.toBe(true);
    expect(location.assign).toHaveBeenLastCalledWith('https://other.example.org/x');
    expect(native.sent).toEqual([]);
  });

  it('outside the app does nothing for the app-only key 31 or an unsafe link', async () => {
    const { bridge, location } = setup(BROWSER_UA);
    await expect(bridge.redirect(JUMP_KEY.circle, { circleId: 3 })).resolves.toBe(false);
    await expect(bridge.redirect(JUMP_KEY.externalLink, { url: 'javascript:alert(1)' })).resolves.toBe(false);
    expect(location.assign).not.toHaveBeenCalled();
  });
});

describe('openUrl', () => {
  it('in the app opens our share links on their native screens', () => {
    const { bridge, native, location } = setup(appUa('5.26.1'));
    void bridge.openUrl('https://m.example.com/community-share?trendId=77');
    expect(native.last('redirect').payload).toEqual({
      key: 'videoDetail',
      params: { id: '77', source: 'videoTrend' },
    });
    void bridge.openUrl('/dongtai?tagId=9');
    expect(native.last('redirect').payload).toEqual({ key: 29, params: { tagId: '9' } });
    expect(location.assign).not.toHaveBeenCalled();
  });

  it('in the app opens the jump-table pages of ours on their native screens (topic, posts, user, product)', () => {
    const { bridge, native, location } = setup(appUa('5.26.1'));
    void bridge.openUrl('/community/topic?tagId=6');
    expect(native.last('redirect').payload).toEqual({ key: 29, params: { tagId: '6' } });
    void bridge.openUrl('https://m.example.com/community/posts?postsId=12');
    expect(native.last('redirect').payload).toEqual({ key: 8, params: { postsId: '12' } });
    void bridge.openUrl('/community/user?userId=42');
    expect(native.last('redirect').payload).toEqual({
      key: 'userDetail',
      params: { userId: '42', userIdNumber: 42 },
    });
    void bridge.openUrl('/community/new-commodity?spuId=1000008');
    expect(native.last('redirect').payload).toEqual({ key: 'productDetail', params: { spuId: '1000008' } });
    expect(location.assign).not.toHaveBeenCalled();
  });

  it('in the app navigates to other links, including share paths of another origin', async () => {
    const { bridge, native, location } = setup(appUa('5.26.1'));
    await expect(bridge.openUrl('/community/feed')).resolves.toBe(true);
    await expect(bridge.openUrl('https://elsewhere.example.net/column?postsId=1')).resolves.toBe(true);
    expect(location.assign).toHaveBeenCalledTimes(2);
    expect(native.sent).toEqual([]);
  });

  it('outside the app navigates, share links included, and refuses script links', async () => {
    const { bridge, location } = setup(BROWSER_UA);
    await expect(bridge.openUrl('/column?postsId=5')).resolves.toBe(true);
    expect(location.assign).toHaveBeenCalledWith('/column?postsId=5');
    await expect(bridge.openUrl('javascript:alert(1)')).resolves.toBe(false);
    expect(location.assign).toHaveBeenCalledTimes(1);
  });
});

describe('navigate', () => {
  it('in the app sends push, back and close', () => {
    const { bridge, native } = setup(appUa('5.26.1'));
    void bridge.navigate('push', 'https://m.example.com/x');
    void bridge.navigate('back');
    void bridge.navigate('close');
    expect(native.requests('navigate').map((m) => m.payload)).toEqual([
      { action: 'push', url: 'https://m.example.com/x' },
      { action: 'back' },
      { action: 'close' },
    ]);
  });

  it('outside the app uses location.assign and history.back', async () => {
    const { bridge, location, history } = setup(BROWSER_UA);
    await bridge.navigate('push', '/community/feed');
    await bridge.navigate('back');
    await bridge.navigate('close');
    expect(location.assign).toHaveBeenCalledWith('/community/feed');
    expect(history.back).toHaveBeenCalledTimes(2);
  });
});

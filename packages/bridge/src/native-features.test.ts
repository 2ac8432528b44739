import type { AppFeature } from '@h5/core';
import { describe, expect, it, vi } from 'vitest';
import { createBridge } from './create-bridge';
import { BRIDGE_ERROR } from './protocol';
import { appUa, BROWSER_UA, FakeDom, flushPromises, testEnvironment } from './test-utils';

function setup(userAgent: string, extra: Parameters<typeof createBridge>[0] = {}) {
  const t = testEnvironment(userAgent);
  t.native.install();
  const bridge = createBridge({ ...t.options, ...extra });
  return { ...t, bridge };
}

const unsupported = { code: BRIDGE_ERROR.unsupported };

describe('version gates (spec §9), below / at / above each minimum', () => {
  const gates: [AppFeature, string, string, string][] = [
    ['chat', '5.6.9', '5.7.0', '5.8.0'],
    ['platformInfo', '5.9.9', '5.10.0', '5.11.0'],
    ['twoElementRealName', '5.25.9', '5.26.0', '6.0.0'],
    ['imagePreview', '4.99.9', '5.0.0', '5.0.1'],
    ['channelShare', '4.38.4', '4.38.5', '4.39.0'],
  ];
  it.each(gates)('%s: off at %s, on at %s and %s', (feature, below, at, above) => {
    expect(createBridge({ window: null, userAgent: appUa(below) }).supports(feature)).toBe(false);
    expect(createBridge({ window: null, userAgent: appUa(at) }).supports(feature)).toBe(true);
    expect(createBridge({ window: null, userAgent: appUa(above) }).supports(feature)).toBe(true);
    expect(createBridge({ window: null, userAgent: BROWSER_UA }).supports(feature)).toBe(false);
  });

  it('detects the app and its version from the UA marker', () => {
    const inApp = createBridge({ window: null, userAgent: appUa('5.26.1') });
    expect([inApp.inApp, inApp.appVersion]).toEqual([true, '5.26.1']);
    const browser = createBridge({ window: null, userAgent: BROWSER_UA });
    expect(browser.inApp).toBe(false);
  });

  it('chat: refused below 5.7.0 without a message, sent from 5.7.0', async () => {
    const old = setup(appUa('5.6.9'));
    await expect(old.bridge.openChat({ userId: 'u1' })).rejects.toMatchObject(unsupported);
    expect(old.native.sent).toEqual([]);
    const current = setup(appUa('5.7.0'));
    void current.bridge.openChat({ staff: true });
    expect(current.native.last('openChat').payload).toEqual({ staff: true });
  });

  it('platform info: derived from the UA below 5.10.0, asked of the app from 5.10.0', async () => {
    const old = setup(appUa('5.9.9'));
    await expect(old.bridge.getPlatformInfo()).resolves.toEqual({
      appVersion: '5.9.9',
      platform: 'ios',
      ua: appUa('5.9.9'),
    });
    expect(old.native.sent).toEqual([]);
    const current = setup(appUa('5.10.0'));
    const info = current.bridge.getPlatformInfo();
    const same = current.bridge.getPlatformInfo(); // shared while in flight
    expect(current.native.requests('getPlatformInfo')).toHaveLength(1);
    current.native.answer('f1:1', { appVersion: '5.10.0', platform: 'android', cookieToken: 't' });
    await expect(info).resolves.toMatchObject({ platform: 'android', cookieToken: 't' });
    await expect(same).resolves.toMatchObject({ platform: 'android' });
  });

  it('two-element real-name: refused below 5.26.0, full mode always sent', async () => {
    const old = setup(appUa('5.25.9'));
    await expect(old.bridge.realNameAuth('twoElement')).rejects.toMatchObject(unsupported);
    void old.bridge.realNameAuth('full');
    expect(old.native.requests('realNameAuth').map((m) => m.payload)).toEqual([{ mode: 'full' }]);
    const current = setup(appUa('5.26.0'));
    void current.bridge.realNameAuth('twoElement');
    expect(current.native.last('realNameAuth').payload).toEqual({ mode: 'twoElement' });
  });

  it('image preview: native from 5.0.0, the web viewer below', async () => {
    const current = setup(appUa('5.0.0'));
    const closed = current.bridge.previewImage(['a.jpg', 'b.jpg'], 1);
    expect(current.native.last('previewImage').payload).toEqual({ urls: ['a.jpg', 'b.jpg'], index: 1 });
    current.native.answer('f1:1', { closed: true });
    await expect(closed).resolves.toBeUndefined();

    const dom = new FakeDom();
    const old = setup(appUa('4.99.9'), { document: dom });
    const viewer = old.bridge.previewImage(['a.jpg']);
    await vi.waitFor(() => expect(dom.body.children).toHaveLength(1));
    expect(old.native.sent).toEqual([]);
    dom.body.children[0]?.dispatch('keydown', { key: 'Escape' });
    await expect(viewer).resolves.toBeUndefined();
  });

  it('channel share: the channel goes from 4.38.5; below, the sheet opens without it', () => {
    // Channel 1 is wechat (spec §9).
    const payload = { channel: 1, shareTitle: 't', shareUrl: 'https://x/s' };
    const old = setup(appUa('4.38.4'));
    void old.bridge.share(payload);
    expect(old.native.last('share').payload).toEqual({ shareTitle: 't', shareUrl: 'https://x/s' });
    const current = setup(appUa('4.38.5'));
    void current.bridge.share(payload);
    expect(current.native.last('share').payload).toEqual(payload);
  });
});

describe('outside the app', () => {
  it('derives platform info from the UA', async () => {
    const { bridge } = setup(BROWSER_UA);
    await expect(bridge.getPlatformInfo()).resolves.toEqual({
      appVersion: '4.4.0',
      platform: 'ios',
      ua: BROWSER_UA,
    });
  });

  it('rejects app-only messages as unsupported and sends nothing', async () => {
    const { bridge, native } = setup(BROWSER_UA);
    const event = { id: 'e1', title: 'Live', startAt: '2026-01-01T10:00:00Z', endAt: '2026-01-01T11:00:00Z' };
    await expect(bridge.openChat({ userId: 'u' })).rejects.toMatchObject(unsupported);
    await expect(bridge.realNameAuth('full')).rejects.toMatchObject(unsupported);
    await expect(bridge.addCalendarEvent(event)).rejects.toMatchObject(unsupported);
    await expect(bridge.deleteCalendarEvent('e1')).rejects.toMatchObject(unsupported);
    await expect(bridge.publishTrend({})).rejects.toMatchObject(unsupported);
    await expect(bridge.showToast('hi')).rejects.toMatchObject(unsupported);
    await expect(bridge.riskVerify({})).rejects.toMatchObject(unsupported);
    await expect(bridge.finishedPage()).resolves.toBeUndefined();
    expect(native.sent).toEqual([]);
  });

  it('copies with navigator.clipboard', async () => {
    const writeText = vi.fn(async () => {});
    const { bridge } = setup(BROWSER_UA, { navigator: { userAgent: BROWSER_UA, clipboard: { writeText } } });
    await bridge.copyText('https://m.example.com/a');
    expect(writeText).toHaveBeenCalledWith('https://m.example.com/a');
  });

  it('falls back to execCommand, and rejects with the spec text when both fail', async () => {
    const dom = new FakeDom();
    const writeText = vi.fn(async () => {
      throw new DOMException('denied', 'NotAllowedError');
    });
    const nav = { userAgent: BROWSER_UA, clipboard: { writeText } };
    const { bridge } = setup(BROWSER_UA, { navigator: nav, document: dom });
    await bridge.copyText('abc');
    expect(dom.execCommand).toHaveBeenCalledWith('copy');
    expect(dom.body.children).toHaveLength(0); // the textarea is gone again
    dom.execCommand.mockReturnValue(false);
    await expect(bridge.copyText('abc')).rejects.toMatchObject({
      code: BRIDGE_ERROR.failed,
      message: '复制失败', // spec §8 copy failure
    });
  });

  it('shares with navigator.share; a cancel is dismissed; a refusal copies the link', async () => {
    const share = vi.fn(async () => {});
    const writeText = vi.fn(async () => {});
    const nav = { userAgent: BROWSER_UA, share, clipboard: { writeText } };
    const { bridge } = setup(BROWSER_UA, { navigator: nav });
    const payload = { shareTitle: 'T', shareContent: 'C', shareUrl: 'https://m.example.com/s' };
    await expect(bridge.share(payload)).resolves.toEqual({ channel: null, shared: true });
    expect(share).toHaveBeenCalledWith({ title: 'T', text: 'C', url: 'https://m.example.com/s' });

    share.mockRejectedValueOnce(new DOMException('cancel', 'AbortError'));
    await expect(bridge.share(payload)).rejects.toMatchObject({ code: BRIDGE_ERROR.dismissed });

    share.mockRejectedValueOnce(new DOMException('no gesture', 'NotAllowedError'));
    await expect(bridge.share(payload)).resolves.toEqual({ channel: 13, shared: true });
    expect(writeText).toHaveBeenCalledWith('https://m.example.com/s');
  });

  it('shares by copying the link when there is no share API', async () => {
    const writeText = vi.fn(async () => {});
    const { bridge } = setup(BROWSER_UA, { navigator: { userAgent: BROWSER_UA, clipboard: { writeText } } });
    await expect(bridge.share({ shareTitle: 'T', shareUrl: 'https://x/s' })).resolves.toEqual({
      channel: 13, // copyLink (spec §9)
      shared: true,
    });
  });

  it('shows the web image viewer, and refuses without a DOM or without images', async () => {
    const dom = new FakeDom();
    const withDom = setup(BROWSER_UA, { document: dom });
    void withDom.bridge.previewImage(['a.jpg', 'b.jpg'], 1);
    await vi.waitFor(() => expect(dom.body.children).toHaveLength(1));
    expect(dom.body.children[0]?.getAttribute('role')).toBe('dialog');

    const bare = setup(BROWSER_UA);
    await expect(bare.bridge.previewImage(['a.jpg'])).rejects.toMatchObject(unsupported);
    await expect(bare.bridge.previewImage([])).rejects.toMatchObject({ code: BRIDGE_ERROR.failed });
  });
});

describe('in the app', () => {
  it('copies through the app, and through the web when the app could not', async () => {
    const writeText = vi.fn(async () => {});
    const { bridge, native } = setup(appUa('5.26.1'), {
      navigator: { userAgent: appUa('5.26.1'), clipboard: { writeText } },
    });
    const first = bridge.copyText('a');
    native.answer(native.last('setClipboard').id, { copied: true });
    await first;
    expect(writeText).not.toHaveBeenCalled();
    const second = bridge.copyText('b');
    await flushPromises();
    native.answer(native.last('setClipboard').id, { copied: false });
    await second;
    expect(writeText).toHaveBeenCalledWith('b');
  });

  it('sends finishedPage, publishTrend, calendar, toast and riskVerify', () => {
    const { bridge, native } = setup(appUa('5.26.1'));
    const event = { id: 'e1', title: 'Live', startAt: '2026-01-01T10:00:00Z', endAt: '2026-01-01T11:00:00Z' };
    void bridge.finishedPage();
    void bridge.publishTrend({ tagId: 3 });
    void bridge.addCalendarEvent(event);
    void bridge.deleteCalendarEvent('e1');
    void bridge.showToast('hi');
    void bridge.riskVerify({ scene: 'comment' });
    expect(native.requests().map((m) => [m.kind, m.payload])).toEqual([
      ['finishedPage', {}],
      ['publishTrend', { tagId: 3 }],
      ['calendarAdd', event],
      ['calendarDelete', { id: 'e1' }],
      ['toast', { message: 'hi' }],
      ['riskVerify', { scene: 'comment' }],
    ]);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGE_RECEIVER_GLOBAL } from './protocol';
import { configureBridge, getBridge } from './singleton';
import { appUa, fakeWindow } from './test-utils';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('getBridge', () => {
  it('on the server gives an inert bridge and keeps none', () => {
    const bridge = getBridge();
    expect(bridge.inApp).toBe(false);
    expect(getBridge()).not.toBe(bridge);
  });

  it('in the browser creates one bridge on first use and installs the receiver', () => {
    const win = Object.assign(fakeWindow(), { navigator: { userAgent: appUa('5.26.1') } });
    vi.stubGlobal('window', win);
    const bridge = getBridge();
    expect(getBridge()).toBe(bridge);
    expect(bridge.inApp).toBe(true);
    expect(win[PAGE_RECEIVER_GLOBAL]).toBeDefined();
  });

  it('configureBridge replaces it with the app hooks', () => {
    const onWebLogin = vi.fn();
    const configured = configureBridge({ window: null, userAgent: 'Mozilla/5.0', onWebLogin });
    expect(getBridge()).toBe(configured);
    void configured.login();
    expect(onWebLogin).toHaveBeenCalledWith(7999);
  });
});

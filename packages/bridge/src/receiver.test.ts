import { describe, expect, it, vi } from 'vitest';
import { createBridge } from './create-bridge';
import type { HostWindow } from './host-window';
import { PAGE_RECEIVER_GLOBAL } from './protocol';
import { frameOfId } from './receiver';
import { appUa, FakeNative, fakeWindow } from './test-utils';

const userAgent = appUa('5.26.1');

function topAndFrame() {
  const top = fakeWindow();
  const frame = fakeWindow(top);
  const native = new FakeNative(top);
  const topBridge = createBridge({ window: top, userAgent, frameId: 'top', document: null });
  const frameBridge = createBridge({ window: frame, userAgent, frameId: 'child', document: null });
  return { top, frame, native, topBridge, frameBridge };
}

describe('frameOfId', () => {
  it('takes the part before the last colon', () => {
    expect(frameOfId('child:12')).toBe('child');
    expect(frameOfId('nocolon')).toBe('');
  });
});

describe('iframes', () => {
  it('a same-origin iframe without a host sends through the top host and gets its own answers', async () => {
    const { native, topBridge, frameBridge } = topAndFrame();
    native.install();
    const fromFrame = frameBridge.call('toast', { message: 'frame' });
    const fromTop = topBridge.call('toast', { message: 'top' });
    expect(native.requests().map((m) => m.id)).toEqual(['child:1', 'top:1']);
    native.answer('top:1', { shown: 'top' });
    native.answer('child:1', { shown: 'child' });
    await expect(fromFrame).resolves.toEqual({ shown: 'child' });
    await expect(fromTop).resolves.toEqual({ shown: 'top' });
  });

  it('replays the iframe queue when the app signals ready on the top window', () => {
    const { native, frameBridge } = topAndFrame();
    void frameBridge.call('toast', { message: 'queued' });
    native.install('receiver');
    expect(native.requests('toast').map((m) => m.id)).toEqual(['child:1']);
  });

  it('delivers events to every frame', () => {
    const { native, topBridge, frameBridge } = topAndFrame();
    const inTop = vi.fn();
    const inFrame = vi.fn();
    topBridge.on('logout', inTop);
    frameBridge.on('logout', inFrame);
    native.emit('logout', {});
    expect(inTop).toHaveBeenCalledTimes(1);
    expect(inFrame).toHaveBeenCalledTimes(1);
  });

  it('an iframe alone installs the receiver on the top window and removes it on unload', () => {
    const top = fakeWindow();
    const frame = fakeWindow(top);
    createBridge({ window: frame, userAgent, frameId: 'child', document: null });
    expect(top[PAGE_RECEIVER_GLOBAL]).toBeDefined();
    frame.fire('pagehide', { persisted: true });
    expect(top[PAGE_RECEIVER_GLOBAL]).toBeDefined();
    frame.fire('pagehide', { persisted: false });
    expect(top[PAGE_RECEIVER_GLOBAL]).toBeUndefined();
  });

  it('a cross-origin top is left alone: the iframe uses its own window only', async () => {
    const frame = fakeWindow();
    Object.defineProperty(frame, 'top', {
      get() {
        const crossOrigin = {} as HostWindow;
        Object.defineProperty(crossOrigin, PAGE_RECEIVER_GLOBAL, {
          get() {
            throw new DOMException('Blocked a frame', 'SecurityError');
          },
        });
        return crossOrigin;
      },
    });
    const native = new FakeNative(frame).install();
    const bridge = createBridge({ window: frame, userAgent, frameId: 'child', document: null });
    const result = bridge.call('toast', { message: 'x' });
    native.answer('child:1', { shown: true });
    await expect(result).resolves.toEqual({ shown: true });
  });
});

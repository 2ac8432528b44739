import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BridgeError, isBridgeError } from './bridge-error';
import { defaultCallTimeoutMs } from './call-timeouts';
import { createBridge } from './create-bridge';
import { BRIDGE_ERROR, PAGE_RECEIVER_GLOBAL } from './protocol';
import { appUa, BROWSER_UA, flushPromises, testEnvironment } from './test-utils';

const APP = appUa('5.26.1');

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function setup(userAgent = APP) {
  const t = testEnvironment(userAgent);
  const bridge = createBridge(t.options);
  return { ...t, bridge };
}

/** Settles a promise into a value or its error, so a test can look at either. */
function settle<T>(promise: Promise<T>) {
  const out: { value?: T; error?: unknown; done: boolean } = { done: false };
  promise.then(
    (value) => Object.assign(out, { value, done: true }),
    (error: unknown) => Object.assign(out, { error, done: true }),
  );
  return out;
}

describe('sending', () => {
  it('sends a request with the protocol shape and a frame-prefixed id, and resolves with the answer', async () => {
    const { bridge, native } = setup();
    native.install();
    const result = bridge.call('setClipboard', { text: 'hi' });
    expect(native.sent).toEqual([
      { v: 1, type: 'request', id: 'f1:1', kind: 'setClipboard', payload: { text: 'hi' } },
    ]);
    native.answer('f1:1', { copied: true });
    await expect(result).resolves.toEqual({ copied: true });
    expect(bridge.isReady()).toBe(true);
  });

  it('installs the page receiver on the window', () => {
    const { win } = setup();
    expect(typeof win[PAGE_RECEIVER_GLOBAL]?.receive).toBe('function');
    expect(typeof win[PAGE_RECEIVER_GLOBAL]?.ready).toBe('function');
  });

  it('accepts the answer as an object as well as JSON text, and ignores junk', async () => {
    const { bridge, native, win } = setup();
    native.install();
    const result = bridge.call('toast', { message: 'x' });
    win[PAGE_RECEIVER_GLOBAL]?.receive('not json');
    win[PAGE_RECEIVER_GLOBAL]?.receive(JSON.stringify({ type: 'response', id: 'other:1', ok: true }));
    win[PAGE_RECEIVER_GLOBAL]?.receive({ type: 'response', id: 'f1:1', ok: true, result: { shown: true } });
    await expect(result).resolves.toEqual({ shown: true });
  });

  it('rejects with the native error code, mapping unknown codes to failed', async () => {
    const { bridge, native } = setup();
    native.install();
    const dismissed = bridge.call('openLogin', { code: 7999 });
    const odd = bridge.call('toast', { message: 'x' });
    native.fail('f1:1', BRIDGE_ERROR.dismissed, 'login dismissed');
    native.fail('f1:2', 42);
    await expect(dismissed).rejects.toMatchObject({
      code: BRIDGE_ERROR.dismissed,
      message: 'login dismissed',
    });
    await expect(odd).rejects.toMatchObject({ code: BRIDGE_ERROR.failed, kind: 'toast' });
  });

  it('resolves a one-answer call on its first answer and tells the app to stop when it offers more', async () => {
    const { bridge, native } = setup();
    native.install();
    const result = bridge.call('share', { shareTitle: 't', shareUrl: 'https://x' });
    native.answer('f1:1', { channel: 1, shared: true }, true);
    await expect(result).resolves.toEqual({ channel: 1, shared: true });
    expect(native.cancels()).toEqual(['f1:1']);
  });

  it('outside the app with no host rejects at once as unsupported', async () => {
    const { bridge, native } = setup(BROWSER_UA);
    await expect(bridge.call('toast', { message: 'x' })).rejects.toMatchObject({
      code: BRIDGE_ERROR.unsupported,
    });
    expect(native.sent).toEqual([]);
  });
});

describe('queue before ready', () => {
  it('queues calls until the ready event, then replays them in order', async () => {
    const { bridge, native } = setup();
    const first = bridge.call('toast', { message: 'a' });
    const second = bridge.call('setClipboard', { text: 'b' });
    expect(bridge.isReady()).toBe(false);
    native.install('none');
    expect(native.sent).toEqual([]);
    native.install('event');
    expect(native.requests().map((m) => m.id)).toEqual(['f1:1', 'f1:2']);
    native.answer('f1:2', { copied: true });
    native.answer('f1:1', { shown: true });
    await expect(first).resolves.toEqual({ shown: true });
    await expect(second).resolves.toEqual({ copied: true });
  });

  it('replays when the app calls the receiver ready()', () => {
    const { bridge, native } = setup();
    void bridge.call('toast', { message: 'a' });
    native.install('receiver');
    expect(native.requests('toast')).toHaveLength(1);
  });

  it('finds a host that appears silently by polling, and stops polling when the queue is empty', () => {
    const { bridge, native } = setup();
    void bridge.call('toast', { message: 'a' });
    native.install('none');
    vi.advanceTimersByTime(100);
    expect(native.requests('toast')).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(1); // only the call's time-out is left
  });

  it('re-sends pending calls after a page-cache restore, not after an ordinary pageshow', () => {
    const { bridge, native, win } = setup();
    native.install();
    void bridge.call('openLogin', { code: 7999 });
    win.fire('pageshow', { persisted: false });
    expect(native.requests('openLogin')).toHaveLength(1);
    win.fire('pageshow', { persisted: true });
    expect(native.requests('openLogin').map((m) => m.id)).toEqual(['f1:1', 'f1:1']);
  });
});

describe('time-outs', () => {
  it('has a default per kind: 2 s platform info, 3 s track source, minutes for sheets, 10 s otherwise', () => {
    // Spec §8/§9: platform info 2000 ms, track source 3000 ms, requests 10 s.
    expect(defaultCallTimeoutMs('getPlatformInfo')).toBe(2000);
    expect(defaultCallTimeoutMs('getTrackSource')).toBe(3000);
    for (const kind of [
      'openLogin',
      'share',
      'riskVerify',
      'realNameAuth',
      'previewImage',
      'publishTrend',
    ] as const) {
      expect(defaultCallTimeoutMs(kind)).toBe(300_000);
    }
    expect(defaultCallTimeoutMs('calendarAdd')).toBe(300_000);
    expect(defaultCallTimeoutMs('toast')).toBe(10_000);
  });

  it('rejects platform info after 2000 ms and tells the app to drop it', async () => {
    const { bridge, native } = setup();
    native.install();
    const out = settle(bridge.call('getPlatformInfo', {}));
    await vi.advanceTimersByTimeAsync(1999);
    expect(out.done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(out.error).toBeInstanceOf(BridgeError);
    expect(out.error).toMatchObject({ code: BRIDGE_ERROR.timeout, kind: 'getPlatformInfo' });
    expect(native.cancels()).toEqual(['f1:1']);
    native.answer('f1:1', { appVersion: '5.26.1', platform: 'ios' }); // too late: ignored
  });

  it('rejects the track source after 3000 ms, not before, and tells the app to drop it', async () => {
    const { bridge, native } = setup();
    native.install();
    const out = settle(bridge.call('getTrackSource', {}));
    await vi.advanceTimersByTimeAsync(2999);
    expect(out.done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(out.error).toMatchObject({ code: BRIDGE_ERROR.timeout, kind: 'getTrackSource' });
    expect(native.cancels()).toEqual(['f1:1']);
  });

  it('counts queued time too, and a queued call that times out is never sent', async () => {
    const { bridge, native } = setup();
    const out = settle(bridge.call('toast', { message: 'x' }, { timeoutMs: 50 }));
    await vi.advanceTimersByTimeAsync(50);
    expect(isBridgeError(out.error, BRIDGE_ERROR.timeout)).toBe(true);
    native.install('event');
    expect(native.sent).toEqual([]);
  });

  it('keeps a sheet open for minutes', async () => {
    const { bridge, native } = setup();
    native.install();
    const out = settle(bridge.call('openLogin', { code: 7999 }));
    await vi.advanceTimersByTimeAsync(100_000);
    expect(out.done).toBe(false);
    await vi.advanceTimersByTimeAsync(300_000);
    expect(isBridgeError(out.error, BRIDGE_ERROR.timeout)).toBe(true);
  });
});

describe('cancellation', () => {
  it('rejects a sent call as cancelled and sends a cancel message', async () => {
    const { bridge, native } = setup();
    native.install();
    const controller = new AbortController();
    const result = bridge.call('riskVerify', {}, { signal: controller.signal });
    controller.abort();
    await expect(result).rejects.toMatchObject({ code: BRIDGE_ERROR.cancelled });
    expect(native.cancels()).toEqual(['f1:1']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('drops a queued call without a message, and rejects an already aborted signal at once', async () => {
    const { bridge, native } = setup();
    const controller = new AbortController();
    const queued = bridge.call('toast', { message: 'x' }, { signal: controller.signal });
    controller.abort();
    await expect(queued).rejects.toMatchObject({ code: BRIDGE_ERROR.cancelled });
    await expect(bridge.call('toast', { message: 'y' }, { signal: controller.signal })).rejects.toMatchObject(
      {
        code: BRIDGE_ERROR.cancelled,
      },
    );
    native.install('event');
    expect(native.sent).toEqual([]);
  });

  it('dispose cancels what is pending and removes the receiver', async () => {
    const { bridge, native, win } = setup();
    native.install();
    const result = bridge.call('toast', { message: 'x' });
    bridge.dispose();
    await expect(result).rejects.toMatchObject({ code: BRIDGE_ERROR.cancelled });
    expect(native.cancels()).toEqual(['f1:1']);
    expect(win[PAGE_RECEIVER_GLOBAL]).toBeUndefined();
    expect(win.listenerCount('pageshow')).toBe(0);
  });
});

describe('many-answer requests', () => {
  it('keeps the callback while answers say more, and ends on the last one', async () => {
    const { bridge, native } = setup();
    native.install();
    const answers: unknown[] = [];
    bridge.subscribe('share', { shareTitle: 't', shareUrl: 'u' }, (result, done) =>
      answers.push([result, done]),
    );
    native.answer('f1:1', { channel: 1, shared: false }, true);
    await vi.advanceTimersByTimeAsync(600_000); // no deadline once answered
    native.answer('f1:1', { channel: 2, shared: true }, false);
    native.answer('f1:1', { channel: 3, shared: true }, true); // after the end: ignored
    expect(answers).toEqual([
      [{ channel: 1, shared: false }, false],
      [{ channel: 2, shared: true }, true],
    ]);
  });

  it('unsubscribe sends a cancel message and stops the answers', () => {
    const { bridge, native } = setup();
    native.install();
    const onAnswer = vi.fn();
    const onError = vi.fn();
    const stop = bridge.subscribe('previewImage', { urls: ['a'], index: 0 }, onAnswer, { onError });
    native.answer('f1:1', { closed: false }, true);
    stop();
    native.answer('f1:1', { closed: true }, true);
    expect(onAnswer).toHaveBeenCalledTimes(1);
    expect(native.cancels()).toEqual(['f1:1']);
    expect(onError).not.toHaveBeenCalled();
  });

  it('a throwing callback goes to the bridge onError, not back into the app', () => {
    const { bridge, native, onError } = setup();
    native.install();
    const boom = new Error('boom');
    bridge.subscribe('toast', { message: 'a' }, () => {
      throw boom;
    });
    expect(() => native.answer('f1:1', { shown: true }, true)).not.toThrow();
    expect(onError).toHaveBeenCalledWith(boom);
  });

  it('ends on a failure or a first-answer time-out, through onError', async () => {
    const { bridge, native } = setup();
    native.install();
    const onError = vi.fn();
    bridge.subscribe('toast', { message: 'a' }, vi.fn(), { onError });
    native.fail('f1:1', BRIDGE_ERROR.failed);
    bridge.subscribe('toast', { message: 'b' }, vi.fn(), { onError, timeoutMs: 10 });
    await vi.advanceTimersByTimeAsync(10);
    expect(onError.mock.calls.map(([e]) => (e as BridgeError).code)).toEqual([
      BRIDGE_ERROR.failed,
      BRIDGE_ERROR.timeout,
    ]);
  });
});

describe('events', () => {
  it('delivers native events to handlers until they turn off', () => {
    const { bridge, native } = setup();
    const handler = vi.fn();
    const off = bridge.on('pageShow', handler);
    native.emit('pageShow', {});
    off();
    native.emit('pageShow', {});
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('a throwing handler goes to onError and the others still run', async () => {
    const { bridge, native, onError } = setup();
    const boom = new Error('boom');
    bridge.on('logout', () => {
      throw boom;
    });
    const second = vi.fn();
    bridge.on('logout', second);
    native.emit('logout', {});
    await flushPromises();
    expect(onError).toHaveBeenCalledWith(boom);
    expect(second).toHaveBeenCalled();
  });
});

describe('call observer', () => {
  it('sees each call start and settle, answered or failed, and a cancelled subscription end', async () => {
    const t = testEnvironment(APP);
    const seen: string[] = [];
    const bridge = createBridge({
      ...t.options,
      onCall: (r) => seen.push(`${r.n} ${r.kind} ${r.state}${r.error ? ` ${r.error}` : ''}`),
    });
    t.native.install();
    const copied = bridge.call('setClipboard', { text: 'hi' });
    const login = bridge.call('openLogin', { code: 7999 });
    t.native.answer('f1:1', { copied: true });
    t.native.fail('f1:2', BRIDGE_ERROR.dismissed, 'login dismissed');
    await copied;
    await login.catch(() => undefined);
    const stop = bridge.subscribe('share', { shareTitle: 't', shareUrl: 'https://x' }, () => undefined);
    stop();
    expect(seen).toEqual([
      '1 setClipboard pending',
      '2 openLogin pending',
      '1 setClipboard ok',
      `2 openLogin error ${BRIDGE_ERROR.dismissed} login dismissed`,
      '3 share pending',
      '3 share ok',
    ]);
  });
});

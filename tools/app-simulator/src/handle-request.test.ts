import { BRIDGE_ERROR, type RequestMessage } from '@h5/bridge/protocol';
import { TOKEN_EXPIRED, TOURIST } from '@h5/core';
import { describe, expect, it } from 'vitest';
import { handleRequest } from './handle-request';
import { NATIVE_TEXT } from './native-text';
import { nativeState, requestMessage, TOKENS } from './test-utils';

const EVENT = { id: 'ev1', title: 'Live', startAt: '2025-03-01T11:00:00Z', endAt: '2025-03-01T13:00:00Z' };
const errorCode = (handled: ReturnType<typeof handleRequest>) =>
  handled.answer && !handled.answer.ok ? handled.answer.error.code : undefined;

describe('handleRequest', () => {
  it('answers getPlatformInfo with a full platform info, the session tokens when logged in, overrides last', () => {
    const loggedOut = handleRequest(nativeState(), requestMessage('getPlatformInfo'));
    expect(loggedOut.answer).toMatchObject({
      type: 'response',
      id: 'f1:1',
      ok: true,
      result: {
        appVersion: '5.26.1',
        platform: 'ios',
        uuid: 'uuid-1',
        deviceId: 'device-1',
        statusBarHeight: 44,
      },
    });
    expect(loggedOut.answer?.ok && loggedOut.answer.result).not.toHaveProperty('cookieToken');
    const loggedIn = handleRequest(
      nativeState({ session: TOKENS, platformInfoOverrides: { channel: 'test', statusBarHeight: 20 } }),
      requestMessage('getPlatformInfo'),
    );
    expect(loggedIn.answer).toMatchObject({
      ok: true,
      result: {
        cookieToken: TOKENS.duToken,
        'X-Auth-Token': TOKENS.xAuthToken,
        channel: 'test',
        statusBarHeight: 20,
      },
    });
  });

  it('refuses what the app version cannot do with unsupported, before anything else', () => {
    const old = nativeState({}, '5.9.9');
    const handled = handleRequest(old, requestMessage('getPlatformInfo'));
    expect(errorCode(handled)).toBe(BRIDGE_ERROR.unsupported);
    expect(handled.answer).toMatchObject({
      error: { message: 'getPlatformInfo needs app 5.10.0 (this app is 5.9.9)' },
    });
    expect(handled.sideEffects).toEqual([]);
    expect(
      errorCode(
        handleRequest(nativeState({}, '5.25.0'), requestMessage('realNameAuth', { mode: 'twoElement' })),
      ),
    ).toBe(BRIDGE_ERROR.unsupported);
  });

  it('opens the login sheet for a visitor, answers a logged-in app at once, and always asks again on 700', () => {
    expect(handleRequest(nativeState(), requestMessage('openLogin', { code: TOURIST }))).toEqual({
      answer: null,
      sideEffects: [{ type: 'openSheet', requestId: 'f1:1', sheet: { kind: 'login', code: TOURIST } }],
    });
    expect(
      handleRequest(nativeState({ session: TOKENS }), requestMessage('openLogin', { code: TOURIST })).answer,
    ).toEqual({
      type: 'response',
      id: 'f1:1',
      ok: true,
      result: TOKENS,
    });
    const expired = handleRequest(
      nativeState({ session: TOKENS }),
      requestMessage('openLogin', { code: TOKEN_EXPIRED }),
    );
    expect(expired.answer).toBeNull();
    expect(expired.sideEffects[0]).toMatchObject({
      type: 'openSheet',
      sheet: { kind: 'login', code: TOKEN_EXPIRED },
    });
  });

  it('syncCookies writes and answers the session, or answers null', () => {
    expect(handleRequest(nativeState({ session: TOKENS }), requestMessage('syncCookies'))).toEqual({
      answer: { type: 'response', id: 'f1:1', ok: true, result: TOKENS },
      sideEffects: [{ type: 'writeCookies', tokens: TOKENS }],
    });
    expect(handleRequest(nativeState(), requestMessage('syncCookies'))).toEqual({
      answer: { type: 'response', id: 'f1:1', ok: true, result: null },
      sideEffects: [],
    });
  });

  it('shares straight to a channel from 4.38.5, else opens the share sheet', () => {
    const payload = { channel: 1, shareTitle: 'T', shareUrl: 'https://x.test/a' };
    const direct = handleRequest(nativeState(), requestMessage('share', payload));
    expect(direct.answer).toMatchObject({ ok: true, result: { channel: 1, shared: true } });
    expect(direct.sideEffects).toEqual([{ type: 'toast', message: 'native: shared to channel 1' }]);
    const old = handleRequest(nativeState({}, '4.38.4'), requestMessage('share', payload));
    expect(old).toEqual({
      answer: null,
      sideEffects: [{ type: 'openSheet', requestId: 'f1:1', sheet: { kind: 'share', payload } }],
    });
    const noChannel = handleRequest(
      nativeState(),
      requestMessage('share', { shareTitle: 'T', shareUrl: 'https://x.test/a' }),
    );
    expect(noChannel.sideEffects[0]).toMatchObject({ type: 'openSheet', sheet: { kind: 'share' } });
    expect(errorCode(handleRequest(nativeState(), requestMessage('share', { shareTitle: 'T' })))).toBe(
      BRIDGE_ERROR.failed,
    );
  });

  it('setClipboard stores the text and toasts; toast toasts', () => {
    expect(handleRequest(nativeState(), requestMessage('setClipboard', { text: 'https://x.test' }))).toEqual({
      answer: { type: 'response', id: 'f1:1', ok: true, result: { copied: true } },
      sideEffects: [
        { type: 'clipboard', text: 'https://x.test' },
        { type: 'toast', message: NATIVE_TEXT.copied },
      ],
    });
    expect(handleRequest(nativeState(), requestMessage('toast', { message: '收藏成功' }))).toEqual({
      answer: { type: 'response', id: 'f1:1', ok: true, result: { shown: true } },
      sideEffects: [{ type: 'toast', message: '收藏成功' }],
    });
    expect(errorCode(handleRequest(nativeState(), requestMessage('toast', {})))).toBe(BRIDGE_ERROR.failed);
  });

  it('opens the viewer, the calendar, real-name and captcha sheets with their data', () => {
    const sheetOf = (kind: string, payload: unknown, state = nativeState()) =>
      handleRequest(state, requestMessage(kind, payload)).sideEffects[0];
    expect(sheetOf('previewImage', { urls: ['a', 'b'], index: 9 })).toMatchObject({
      sheet: { kind: 'imagePreview', urls: ['a', 'b'], index: 1 },
    });
    expect(sheetOf('calendarAdd', EVENT)).toMatchObject({ sheet: { kind: 'calendarAdd', event: EVENT } });
    expect(sheetOf('calendarDelete', { id: 'ev1' }, nativeState({ calendar: [EVENT] }))).toMatchObject({
      sheet: { kind: 'calendarDelete', event: EVENT },
    });
    expect(sheetOf('realNameAuth', { mode: 'twoElement' })).toMatchObject({
      sheet: { kind: 'realName', mode: 'twoElement' },
    });
    expect(sheetOf('riskVerify', { scene: 'content.light' })).toMatchObject({
      sheet: { kind: 'captcha', scene: 'content.light' },
    });
  });

  it('answers the track source, or stays silent when the app has none to give', () => {
    expect(handleRequest(nativeState(), requestMessage('getTrackSource')).answer).toMatchObject({
      ok: true,
      result: { source: 'native' },
    });
    expect(
      handleRequest(nativeState({ trackSource: 'push' }), requestMessage('getTrackSource')).answer,
    ).toMatchObject({ ok: true, result: { source: 'push' } });
    const silent = handleRequest(nativeState({ trackSource: null }), requestMessage('getTrackSource'));
    expect(silent).toEqual({ answer: null, sideEffects: [] });
  });

  it('answers deleted:false for an event the calendar does not hold, and refuses malformed events', () => {
    expect(
      handleRequest(nativeState(), requestMessage('calendarDelete', { id: 'nope' })).answer,
    ).toMatchObject({
      ok: true,
      result: { deleted: false },
    });
    expect(
      errorCode(handleRequest(nativeState(), requestMessage('calendarAdd', { id: 'x', title: 'T' }))),
    ).toBe(BRIDGE_ERROR.failed);
    expect(errorCode(handleRequest(nativeState(), requestMessage('previewImage', { urls: [] })))).toBe(
      BRIDGE_ERROR.failed,
    );
  });

  it('answers native jumps and actions with a toast naming what opened', () => {
    const redirect = handleRequest(
      nativeState(),
      requestMessage('redirect', { key: 8, params: { postsId: 123 } }),
    );
    expect(redirect).toEqual({
      answer: { type: 'response', id: 'f1:1', ok: true, result: { opened: true } },
      sideEffects: [{ type: 'toast', message: 'native: posts 123' }],
    });
    // A payload the protocol document does not allow is refused, naming the problem.
    expect(
      handleRequest(nativeState(), requestMessage('redirect', { key: 'userDetail', params: { userId: '7' } }))
        .answer,
    ).toEqual({
      type: 'response',
      id: 'f1:1',
      ok: false,
      error: { code: BRIDGE_ERROR.failed, message: 'bad payload: userDetail needs userIdNumber 7' },
    });
    expect(handleRequest(nativeState(), requestMessage('openChat', { userId: '42' })).sideEffects).toEqual([
      { type: 'toast', message: 'native: chat 42' },
    ]);
    expect(
      handleRequest(nativeState(), requestMessage('openChat', { staff: true })).sideEffects[0],
    ).toMatchObject({
      message: 'native: chat staff',
    });
    // publishTrend opens the native publisher (issue 32), with the page's preset topic and text.
    expect(handleRequest(nativeState(), requestMessage('publishTrend', { tagId: 7, text: '七夕' }))).toEqual({
      answer: null,
      sideEffects: [
        { type: 'openSheet', requestId: 'f1:1', sheet: { kind: 'publish', tagId: 7, text: '七夕' } },
      ],
    });
    expect(handleRequest(nativeState(), requestMessage('publishTrend', {})).sideEffects).toEqual([
      { type: 'openSheet', requestId: 'f1:1', sheet: { kind: 'publish' } },
    ]);
    expect(handleRequest(nativeState(), requestMessage('action', { name: 'zan' }))).toEqual({
      answer: { type: 'response', id: 'f1:1', ok: true, result: { done: true, name: 'zan' } },
      sideEffects: [{ type: 'toast', message: 'native: zan' }],
    });
    expect(handleRequest(nativeState(), requestMessage('finishedPage'))).toEqual({
      answer: { type: 'response', id: 'f1:1', ok: true, result: { done: true } },
      sideEffects: [],
    });
  });

  it('navigates after answering: push to a url, back, close', () => {
    expect(
      handleRequest(nativeState(), requestMessage('navigate', { action: 'push', url: '/a' })).sideEffects,
    ).toEqual([{ type: 'navigate', action: 'push', url: '/a' }]);
    expect(handleRequest(nativeState(), requestMessage('navigate', { action: 'back' })).sideEffects).toEqual([
      { type: 'navigate', action: 'back' },
    ]);
    expect(
      handleRequest(nativeState(), requestMessage('navigate', { action: 'close' })).sideEffects,
    ).toContainEqual({
      type: 'navigate',
      action: 'close',
    });
    expect(errorCode(handleRequest(nativeState(), requestMessage('navigate', { action: 'push' })))).toBe(
      BRIDGE_ERROR.failed,
    );
  });

  it('fails a message of another protocol version', () => {
    const message = { ...requestMessage('toast', { message: 'x' }), v: 2 } as unknown as RequestMessage;
    expect(handleRequest(nativeState(), message)).toEqual({
      answer: {
        type: 'response',
        id: 'f1:1',
        ok: false,
        error: { code: BRIDGE_ERROR.failed, message: 'unsupported protocol version 2' },
      },
      sideEffects: [],
    });
  });

  it('fails an unknown kind', () => {
    expect(handleRequest(nativeState(), requestMessage('teleport')).answer).toEqual({
      type: 'response',
      id: 'f1:1',
      ok: false,
      error: { code: BRIDGE_ERROR.failed, message: 'unknown request kind teleport' },
    });
  });
});

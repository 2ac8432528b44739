import { BRIDGE_ERROR, type SharePayload } from '@h5/bridge/protocol';
import { describe, expect, it } from 'vitest';
import { NATIVE_TEXT } from './native-text';
import { sheetOutcome } from './sheet-outcomes';
import { nativeState, TOKENS } from './test-utils';

const SHARE: SharePayload = { shareTitle: 'T', shareUrl: 'https://x.test/a' };
const EVENT = { id: 'ev1', title: 'Live', startAt: '2025-03-01T11:00:00Z', endAt: '2025-03-01T13:00:00Z' };

describe('sheetOutcome', () => {
  it('answers a login with the tokens and keeps them as the session; cookies only with cookie sync', () => {
    const synced = sheetOutcome(nativeState(), 'r1', { kind: 'login', code: 7999 }, TOKENS);
    expect(synced).toEqual({
      answer: { type: 'response', id: 'r1', ok: true, result: TOKENS },
      sideEffects: [
        { type: 'session', tokens: TOKENS },
        { type: 'writeCookies', tokens: TOKENS },
      ],
    });
    const unsynced = sheetOutcome(
      nativeState({ cookieSync: false }),
      'r1',
      { kind: 'login', code: 7999 },
      TOKENS,
    );
    expect(unsynced.sideEffects).toEqual([{ type: 'session', tokens: TOKENS }]);
  });

  it('answers every dismissed sheet with BRIDGE_ERROR.dismissed, except the viewer (closed)', () => {
    const openings = [
      { kind: 'login', code: 7999 },
      { kind: 'share', payload: SHARE },
      { kind: 'captcha' },
      { kind: 'calendarAdd', event: EVENT },
      { kind: 'calendarDelete', event: EVENT },
      { kind: 'realName', mode: 'full' },
    ] as const;
    for (const opening of openings) {
      const handled = sheetOutcome(nativeState(), 'r1', opening, null);
      expect(handled.answer).toMatchObject({ ok: false, error: { code: BRIDGE_ERROR.dismissed } });
      expect(handled.sideEffects).toEqual([]);
    }
    expect(
      sheetOutcome(nativeState(), 'r1', { kind: 'imagePreview', urls: ['a'], index: 0 }, true).answer,
    ).toMatchObject({
      ok: true,
      result: { closed: true },
    });
  });

  it('answers a share with the spec §9 channel id; copy link also copies the URL', () => {
    expect(
      sheetOutcome(nativeState(), 'r1', { kind: 'share', payload: SHARE }, 'wechatMoment').answer,
    ).toMatchObject({
      result: { channel: 2, shared: true },
    });
    expect(sheetOutcome(nativeState(), 'r1', { kind: 'share', payload: SHARE }, 'copyLink')).toEqual({
      answer: { type: 'response', id: 'r1', ok: true, result: { channel: 13, shared: true } },
      sideEffects: [
        { type: 'clipboard', text: SHARE.shareUrl },
        { type: 'toast', message: NATIVE_TEXT.share.linkCopied },
      ],
    });
    expect(
      sheetOutcome(nativeState(), 'r1', { kind: 'share', payload: SHARE }, 'privateLetter').answer,
    ).toMatchObject({
      result: { channel: 14 },
    });
  });

  it('answers a passed captcha as the native verify result of spec §4 (status 200, code 1)', () => {
    expect(
      sheetOutcome(nativeState(), 'r1', { kind: 'captcha' }, { resultCode: 1, sessionId: 'pass-1' }).answer,
    ).toEqual({
      type: 'response',
      id: 'r1',
      ok: true,
      result: { status: 200, code: 1, sessionId: 'pass-1' },
    });
  });

  it('answers only {status: 200, code: 1} when the app keeps the session to itself (captchaSession false)', () => {
    const state = nativeState({ captchaSession: false });
    expect(
      sheetOutcome(state, 'r1', { kind: 'captcha' }, { resultCode: 1, sessionId: 'pass-1' }).answer,
    ).toEqual({
      type: 'response',
      id: 'r1',
      ok: true,
      result: { status: 200, code: 1 },
    });
  });

  it('puts and removes calendar events; answers a verified identity', () => {
    expect(
      sheetOutcome(nativeState(), 'r1', { kind: 'calendarAdd', event: EVENT }, true).sideEffects,
    ).toContainEqual({
      type: 'calendarPut',
      event: EVENT,
    });
    expect(sheetOutcome(nativeState(), 'r1', { kind: 'calendarDelete', event: EVENT }, true)).toMatchObject({
      answer: { ok: true, result: { deleted: true } },
      sideEffects: [{ type: 'calendarRemove', id: 'ev1' }, { type: 'toast' }],
    });
    expect(
      sheetOutcome(
        nativeState(),
        'r1',
        { kind: 'realName', mode: 'twoElement' },
        { name: '张三', idNumber: 'x' },
      ).answer,
    ).toMatchObject({ ok: true, result: { verified: true } });
  });
});

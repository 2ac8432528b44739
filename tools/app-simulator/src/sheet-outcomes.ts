import type { NativeTokens, NativeVerifyResult, SharePayload } from '@h5/bridge/protocol';
import { SUCCESS } from '@h5/core';
import { dismissedAnswer, type Handled, type NativeState, okAnswer, type SheetOpening } from './native-state';
import { NATIVE_TEXT } from './native-text';
import type { CaptchaPass } from './sheets/captcha';
import type { PublishedContent } from './sheets/publish';
import type { RealNameIdentity } from './sheets/real-name';
import { type ShareSheetChannel, shareSheetChannelId } from './sheets/share';

/** What each sheet finishes with (null: the user dismissed it). */
export interface SheetResults {
  login: NativeTokens;
  share: ShareSheetChannel;
  captcha: CaptchaPass;
  imagePreview: true;
  calendarAdd: true;
  calendarDelete: true;
  realName: RealNameIdentity;
  publish: PublishedContent;
}

type Outcome<K extends SheetOpening['kind']> = (
  state: NativeState,
  requestId: string,
  opening: Extract<SheetOpening, { kind: K }>,
  result: SheetResults[K] | null,
) => Handled;

const dismissed = (requestId: string, what: string): Handled => ({
  answer: dismissedAnswer(requestId, what),
  sideEffects: [],
});

function shared(requestId: string, payload: SharePayload, channel: ShareSheetChannel): Handled {
  const answer = okAnswer(requestId, { channel: shareSheetChannelId(channel), shared: true });
  if (channel === 'copyLink') {
    return {
      answer,
      sideEffects: [
        { type: 'clipboard', text: payload.shareUrl },
        { type: 'toast', message: NATIVE_TEXT.share.linkCopied },
      ],
    };
  }
  const message = channel === 'saveToAlbum' ? NATIVE_TEXT.share.savedToAlbum : `native: share to ${channel}`;
  return { answer, sideEffects: [{ type: 'toast', message }] };
}

const OUTCOMES: { [K in SheetOpening['kind']]: Outcome<K> } = {
  login: (state, id, _opening, tokens) =>
    tokens
      ? {
          answer: okAnswer(id, tokens),
          sideEffects: [
            { type: 'session', tokens },
            ...(state.cookieSync ? [{ type: 'writeCookies' as const, tokens }] : []),
          ],
        }
      : dismissed(id, 'login'),
  share: (_state, id, opening, channel) =>
    channel ? shared(id, opening.payload, channel) : dismissed(id, 'share'),
  captcha: (state, id, _opening, pass) => {
    if (!pass) return dismissed(id, 'captcha');
    const result: NativeVerifyResult = { status: SUCCESS, code: pass.resultCode };
    if (state.captchaSession) result.sessionId = pass.sessionId;
    return { answer: okAnswer(id, result), sideEffects: [] };
  },
  imagePreview: (_state, id) => ({ answer: okAnswer(id, { closed: true }), sideEffects: [] }),
  calendarAdd: (_state, id, opening, confirmed) =>
    confirmed
      ? {
          answer: okAnswer(id, { added: true }),
          sideEffects: [
            { type: 'calendarPut', event: opening.event },
            { type: 'toast', message: NATIVE_TEXT.calendar.added },
          ],
        }
      : dismissed(id, 'calendar'),
  calendarDelete: (_state, id, opening, confirmed) =>
    confirmed
      ? {
          answer: okAnswer(id, { deleted: true }),
          sideEffects: [
            { type: 'calendarRemove', id: opening.event.id },
            { type: 'toast', message: NATIVE_TEXT.calendar.deleted },
          ],
        }
      : dismissed(id, 'calendar'),
  realName: (_state, id, _opening, identity) =>
    identity
      ? {
          answer: okAnswer(id, { verified: true }),
          sideEffects: [{ type: 'toast', message: NATIVE_TEXT.realName.verified }],
        }
      : dismissed(id, 'real-name'),
  // Closing the publisher is no failure: nothing was published.
  publish: (_state, id, _opening, published) =>
    published
      ? {
          answer: okAnswer(id, { published: true }),
          sideEffects: [{ type: 'toast', message: NATIVE_TEXT.publish.published }],
        }
      : { answer: okAnswer(id, { published: false }), sideEffects: [] },
};

/** The answer (and what else to do) when the sheet a request opened finishes. */
export function sheetOutcome<K extends SheetOpening['kind']>(
  state: NativeState,
  requestId: string,
  opening: Extract<SheetOpening, { kind: K }>,
  result: SheetResults[K] | null,
): Handled {
  return (OUTCOMES[opening.kind] as Outcome<K>)(state, requestId, opening, result);
}

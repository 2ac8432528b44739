import {
  BRIDGE_ERROR,
  BRIDGE_PROTOCOL_VERSION,
  type BridgeCallKind,
  type CalendarEvent,
  type RequestMessage,
  type SharePayload,
} from '@h5/bridge/protocol';
import { FEATURE_MIN_VERSIONS, TOKEN_EXPIRED } from '@h5/core';
import { describeJump, jumpProblem } from './native-jumps';
import { errorAnswer, type Handled, type NativeState, okAnswer, type SideEffect } from './native-state';
import { NATIVE_TEXT } from './native-text';
import { buildPlatformInfo } from './platform-info';
import { missingFeature, sharesToChannelDirectly } from './version-gates';

type Payload = Record<string, unknown>;
type Handler = (state: NativeState, id: string, payload: Payload) => Handled;

const answered = (answer: Handled['answer'], ...sideEffects: SideEffect[]): Handled => ({
  answer,
  sideEffects,
});
const sheet = (id: string, opening: Extract<SideEffect, { type: 'openSheet' }>['sheet']): Handled => ({
  answer: null,
  sideEffects: [{ type: 'openSheet', requestId: id, sheet: opening }],
});
const badPayload = (id: string, why: string): Handled =>
  answered(errorAnswer(id, BRIDGE_ERROR.failed, `bad payload: ${why}`));

const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';

function isCalendarEvent(value: Payload): value is Payload & CalendarEvent {
  return isText(value.id) && isText(value.title) && isText(value.startAt) && isText(value.endAt);
}

const HANDLERS: Readonly<Record<BridgeCallKind, Handler>> = {
  getPlatformInfo: (state, id) =>
    answered(okAnswer(id, buildPlatformInfo(state.device, state.session, state.platformInfoOverrides))),

  openLogin: (state, id, payload) => {
    const code = typeof payload.code === 'number' ? payload.code : 0;
    // A logged-in app answers a visitor's login at once; an expired token always asks again.
    if (state.session && code !== TOKEN_EXPIRED) return answered(okAnswer(id, state.session));
    return sheet(id, { kind: 'login', code });
  },

  syncCookies: (state, id) =>
    state.session
      ? answered(okAnswer(id, state.session), { type: 'writeCookies', tokens: state.session })
      : answered(okAnswer(id, null)),

  share: (state, id, payload) => {
    if (!isText(payload.shareUrl) || typeof payload.shareTitle !== 'string')
      return badPayload(id, 'share needs shareTitle and shareUrl');
    const channel = payload.channel;
    if (typeof channel === 'number' && sharesToChannelDirectly(state.device.appVersion)) {
      return answered(okAnswer(id, { channel, shared: true }), {
        type: 'toast',
        message: `native: shared to channel ${channel}`,
      });
    }
    return sheet(id, { kind: 'share', payload: payload as unknown as SharePayload });
  },

  setClipboard: (_state, id, payload) =>
    typeof payload.text === 'string'
      ? answered(
          okAnswer(id, { copied: true }),
          { type: 'clipboard', text: payload.text },
          { type: 'toast', message: NATIVE_TEXT.copied },
        )
      : badPayload(id, 'setClipboard needs text'),

  toast: (_state, id, payload) =>
    isText(payload.message)
      ? answered(okAnswer(id, { shown: true }), { type: 'toast', message: payload.message })
      : badPayload(id, 'toast needs a message'),

  previewImage: (_state, id, payload) => {
    const urls = Array.isArray(payload.urls) ? payload.urls.filter(isText) : [];
    if (urls.length === 0) return badPayload(id, 'previewImage needs urls');
    const index = typeof payload.index === 'number' ? payload.index : 0;
    return sheet(id, { kind: 'imagePreview', urls, index: Math.min(Math.max(0, index), urls.length - 1) });
  },

  calendarAdd: (_state, id, payload) =>
    isCalendarEvent(payload)
      ? sheet(id, { kind: 'calendarAdd', event: payload })
      : badPayload(id, 'calendarAdd needs id, title, startAt and endAt'),

  calendarDelete: (state, id, payload) => {
    if (!isText(payload.id)) return badPayload(id, 'calendarDelete needs an id');
    const event = state.calendar.find((e) => e.id === payload.id);
    return event ? sheet(id, { kind: 'calendarDelete', event }) : answered(okAnswer(id, { deleted: false }));
  },

  realNameAuth: (_state, id, payload) =>
    sheet(id, { kind: 'realName', mode: payload.mode === 'twoElement' ? 'twoElement' : 'full' }),

  riskVerify: (_state, id, payload) =>
    sheet(id, { kind: 'captcha', ...(isText(payload.scene) ? { scene: payload.scene } : {}) }),

  redirect: (_state, id, payload) => {
    const params = payload.params;
    if (typeof params !== 'object' || params === null) return badPayload(id, 'redirect needs params');
    const problem = jumpProblem(payload.key, params as Payload);
    if (problem) return badPayload(id, problem);
    return answered(okAnswer(id, { opened: true }), {
      type: 'toast',
      message: describeJump(payload.key, params as Payload),
    });
  },

  navigate: (_state, id, payload) => {
    const action = payload.action;
    if (action === 'push') {
      if (!isText(payload.url)) return badPayload(id, 'navigate push needs a url');
      return answered(okAnswer(id, { done: true }), { type: 'navigate', action, url: payload.url });
    }
    if (action === 'back') return answered(okAnswer(id, { done: true }), { type: 'navigate', action });
    if (action === 'close')
      return answered(
        okAnswer(id, { done: true }),
        { type: 'toast', message: 'native: close webview' },
        { type: 'navigate', action },
      );
    return badPayload(id, 'navigate action must be push, back or close');
  },

  openChat: (_state, id, payload) =>
    answered(okAnswer(id, { opened: true }), {
      type: 'toast',
      message: payload.staff ? 'native: chat staff' : `native: chat ${String(payload.userId ?? '')}`.trim(),
    }),

  // The app's publisher (issue 32): a sheet that uploads and publishes through the server.
  publishTrend: (_state, id, payload) =>
    sheet(id, {
      kind: 'publish',
      ...(typeof payload.tagId === 'number' ? { tagId: payload.tagId } : {}),
      ...(isText(payload.text) ? { text: payload.text } : {}),
    }),

  finishedPage: (_state, id) => answered(okAnswer(id, { done: true })),

  // A silent app (trackSource null) lets the page's 3000 ms track-source time-out run out.
  getTrackSource: (state, id) =>
    state.trackSource === null ? answered(null) : answered(okAnswer(id, { source: state.trackSource })),

  action: (_state, id, payload) =>
    isText(payload.name)
      ? answered(okAnswer(id, { done: true, name: payload.name }), {
          type: 'toast',
          message: `native: ${payload.name}`,
        })
      : badPayload(id, 'action needs a name'),
};

/** True for a request kind the protocol defines. */
export function isKnownKind(kind: unknown): kind is BridgeCallKind {
  return typeof kind === 'string' && Object.hasOwn(HANDLERS, kind);
}

/**
 * The app's answer to one page request, without touching a page: an immediate answer with side
 * effects, or (answer null) a sheet to open whose outcome answers later. Version gates first:
 * an app older than a feature's minimum answers `unsupported`, as a strict native side should.
 */
export function handleRequest(state: NativeState, message: RequestMessage): Handled {
  const { id, kind } = message;
  if (message.v !== BRIDGE_PROTOCOL_VERSION) {
    return answered(
      errorAnswer(id, BRIDGE_ERROR.failed, `unsupported protocol version ${String(message.v)}`),
    );
  }
  if (!isKnownKind(kind))
    return answered(errorAnswer(id, BRIDGE_ERROR.failed, `unknown request kind ${kind}`));
  const feature = missingFeature(state.device.appVersion, message);
  if (feature) {
    return answered(
      errorAnswer(
        id,
        BRIDGE_ERROR.unsupported,
        `${kind} needs app ${FEATURE_MIN_VERSIONS[feature]} (this app is ${state.device.appVersion})`,
      ),
    );
  }
  const payload = (message.payload ?? {}) as Payload;
  return HANDLERS[kind](state, id, payload);
}

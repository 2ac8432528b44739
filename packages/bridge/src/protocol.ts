/**
 * The wire protocol between the page and the native app (docs/bridge-protocol.md).
 * Shared by packages/bridge (the page side) and tools/app-simulator (a native side),
 * so both agree on every name and shape. Pure types and constants: no DOM access here.
 */
import type { JumpTarget, LoginGatedAction, NativeRouteName } from '@h5/core';

/** Protocol version carried in every page → native message. */
export const BRIDGE_PROTOCOL_VERSION = 1;

/** The object the native side injects into the webview: `window[NATIVE_HOST_GLOBAL].postMessage(json)`. */
export const NATIVE_HOST_GLOBAL = '__CommunityNative__';
/** The object the page exposes for the native side: `window[PAGE_RECEIVER_GLOBAL].receive(json)`. */
export const PAGE_RECEIVER_GLOBAL = '__CommunityBridge__';
/** Window event dispatched (on the page's window) once the native host object is present. */
export const BRIDGE_READY_EVENT = 'h5:bridge-ready';

/** The native host object: the page hands it one JSON-encoded {@link PageToNative} per call. */
export interface NativeHost {
  postMessage(json: string): void;
}

/** The page receiver: the native side hands it one {@link NativeToPage} (JSON text or the object). */
export interface PageReceiver {
  receive(message: string | NativeToPage): void;
  /** The native host object is now present: the page sends what it queued. */
  ready(): void;
}

/** What the app reports about the device and session (spec §3, platform info). */
export interface PlatformInfo {
  imei?: string;
  deviceTrait?: string;
  channel?: string;
  appVersion: string;
  ua?: string;
  isRoot?: boolean | number;
  isProxy?: boolean | number;
  emu?: boolean | number;
  uuid?: string;
  platform: 'ios' | 'android' | string;
  shumeiId?: string;
  SK?: string;
  /** Optional route flag. */
  route?: string;
  /** Product/device id; either replaces uuid when present. */
  deviceId?: string;
  duid?: string;
  statusBarHeight?: number;
  /** The app's duToken, when a user is logged in natively. */
  cookieToken?: string;
  'X-Auth-Token'?: string;
}

/** Tokens the app hands back after a native login or a cookie resync. */
export interface NativeTokens {
  duToken: string;
  xAuthToken: string;
}

/** Result of the native captcha verify (spec §4): passed when status is 200 and code is 1. */
export interface NativeVerifyResult {
  status: number;
  code: number;
  /** The captcha session the server issued on pass (spec §3 captcha result). */
  sessionId?: string;
}

/** A calendar event the page asks the app to add (and later delete by id). */
export interface CalendarEvent {
  id: string;
  title: string;
  /** ISO date-time strings. */
  startAt: string;
  endAt: string;
  notes?: string;
  /** Minutes before start to remind. */
  remindMinutes?: number;
}

/** Share payload (spec §3 share info) with the native channel id of spec §9. */
export interface SharePayload {
  channel?: number;
  shareTitle: string;
  shareContent?: string;
  shareImage?: string;
  shareUrl: string;
}

/**
 * Every request kind the page sends, with its payload and the result the native side answers.
 * Spec §7 native bridge messages, plus the session and risk plumbing of spec §4.
 */
export interface BridgeCalls {
  /** Opens the native login modal; code 7999 (visitor) or 700 (token expired). */
  openLogin: { payload: { code: number; redirectUrl?: string }; result: NativeTokens };
  /**
   * Native jump by numeric key (spec §2), the user-detail or product jump, or a named screen a
   * share link opens (`feedDetail`, `videoDetail`; `rewriteSharePath` in @h5/core).
   */
  redirect: {
    payload: { key: JumpTarget | NativeRouteName; params: Record<string, string | number> };
    result: { opened: boolean };
  };
  /** Navigation: open a URL in a new webview, go back, or close the webview. */
  navigate: { payload: { action: 'push' | 'back' | 'close'; url?: string }; result: { done: boolean } };
  /** Opens the native share sheet, or shares straight to `channel` (channel share needs 4.38.5). */
  share: { payload: SharePayload; result: { channel: number | null; shared: boolean } };
  setClipboard: { payload: { text: string }; result: { copied: boolean } };
  /** Times out after PLATFORM_INFO_TIMEOUT_MS (needs 5.10.0). */
  getPlatformInfo: { payload: Record<string, never>; result: PlatformInfo };
  /**
   * Where the user came to this webview from (a native screen, a push, a deep link), for the
   * landing page view's analytics source; times out after TRACK_SOURCE_TIMEOUT_MS (spec §9).
   */
  getTrackSource: { payload: Record<string, never>; result: { source: string } };
  /** Tells the app the page finished loading (hides the native loading view). */
  finishedPage: { payload: Record<string, never>; result: { done: boolean } };
  /** Opens the native publisher for a trend, optionally with a topic. */
  publishTrend: { payload: { tagId?: number; text?: string }; result: { published: boolean } };
  /** Real-name authentication; two-element mode needs 5.26.0. */
  realNameAuth: {
    payload: { mode: 'twoElement' | 'full' };
    result: { verified: boolean };
  };
  /** Chat routing to a user or a staff desk (needs 5.7.0). */
  openChat: { payload: { userId?: string; staff?: boolean }; result: { opened: boolean } };
  calendarAdd: { payload: CalendarEvent; result: { added: boolean } };
  calendarDelete: { payload: { id: string }; result: { deleted: boolean } };
  /** Native image viewer (needs 5.0.0). */
  previewImage: { payload: { urls: string[]; index: number }; result: { closed: boolean } };
  /** A native toast (spec §8: a failed call's msg shows as a toast in the app). */
  toast: { payload: { message: string }; result: { shown: boolean } };
  /** A login-gated native action of spec §6 (coupon, zan, reply…), run by the app. */
  action: { payload: { name: LoginGatedAction; params?: Record<string, unknown> }; result: unknown };
  /** Native captcha verify for a risk check (spec §4). */
  riskVerify: { payload: { challengeUrl?: string; scene?: string }; result: NativeVerifyResult };
  /** Asks the app to write its auth cookies into the webview again (missing-cookie self-healing). */
  syncCookies: { payload: Record<string, never>; result: NativeTokens | null };
}

/** A request kind. */
export type BridgeCallKind = keyof BridgeCalls;
export type CallPayload<K extends BridgeCallKind> = BridgeCalls[K]['payload'];
export type CallResult<K extends BridgeCallKind> = BridgeCalls[K]['result'];

/** Events the app sends on its own initiative (native → page), with their data. */
export interface BridgeEvents {
  /** The user logged in natively (also after the page's own openLogin). */
  loginSuccess: NativeTokens;
  logout: Record<string, never>;
  /** The webview became visible again (back from a native screen). */
  pageShow: Record<string, never>;
  /** Platform info changed (e.g. after login). */
  platformInfo: PlatformInfo;
}
export type BridgeEventName = keyof BridgeEvents;

/** Page → native: one request. `id` is unique per page load (`<frameId>:<n>`). */
export interface RequestMessage<K extends BridgeCallKind = BridgeCallKind> {
  v: typeof BRIDGE_PROTOCOL_VERSION;
  type: 'request';
  id: string;
  kind: K;
  payload: CallPayload<K>;
}

/** Page → native: stop answering a many-answer request. */
export interface CancelMessage {
  v: typeof BRIDGE_PROTOCOL_VERSION;
  type: 'cancel';
  id: string;
}

/** Native → page: an answer to request `id`. `more: true` keeps the callback for further answers. */
export type ResponseMessage =
  | { type: 'response'; id: string; ok: true; result: unknown; more?: boolean }
  | { type: 'response'; id: string; ok: false; error: { code: number; message: string } };

/** Native → page: an event. */
export interface EventMessage<E extends BridgeEventName = BridgeEventName> {
  type: 'event';
  event: E;
  data: BridgeEvents[E];
}

export type PageToNative = RequestMessage | CancelMessage;
export type NativeToPage = ResponseMessage | EventMessage;

/** Error codes of a failed bridge call (the `code` of a rejected call). */
export const BRIDGE_ERROR = {
  /** The native side did not answer within the call's time-out. */
  timeout: 1,
  /** The caller cancelled (AbortSignal). */
  cancelled: 2,
  /** The app is too old for the feature and no web fallback exists. */
  unsupported: 3,
  /** The user dismissed the native sheet (login, share, verify…). */
  dismissed: 4,
  /** The native side failed. */
  failed: 5,
  /** A login-gated action or jump met a visitor: the login modal opened instead (spec §6). */
  loginRequired: 6,
} as const;
/** A code of {@link BRIDGE_ERROR}. */
export type BridgeErrorCode = (typeof BRIDGE_ERROR)[keyof typeof BRIDGE_ERROR];

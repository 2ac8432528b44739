import type {
  CalendarEvent,
  NativeTokens,
  PlatformInfo,
  ResponseMessage,
  SharePayload,
} from '@h5/bridge/protocol';
import { BRIDGE_ERROR } from '@h5/bridge/protocol';
import type { DeviceProfile } from './platform-info';

/** What the simulated app holds: its device, its login session and its calendar. */
export interface NativeState {
  device: DeviceProfile;
  /** The app's own login (cookieToken / X-Auth-Token of platform info, syncCookies). */
  session: NativeTokens | null;
  calendar: readonly CalendarEvent[];
  platformInfoOverrides: Partial<PlatformInfo>;
  /** False simulates the WKWebView missing-cookie problem: the app never writes cookies on its own. */
  cookieSync: boolean;
  /** getTrackSource's answer; null: the app never answers (the page gives up after 3000 ms). */
  trackSource: string | null;
  /**
   * True: a passed native verify answers `sessionId` too. False: only `{ status: 200, code: 1 }`
   * (spec §4), the server keeping the pass for the caller (docs/api.md "Native verify").
   */
  captchaSession: boolean;
}

/** A native sheet a request opens; the answer comes when the user finishes with it. */
export type SheetOpening =
  | { kind: 'login'; code: number }
  | { kind: 'share'; payload: SharePayload }
  | { kind: 'captcha'; scene?: string }
  | { kind: 'imagePreview'; urls: string[]; index: number }
  | { kind: 'calendarAdd'; event: CalendarEvent }
  | { kind: 'calendarDelete'; event: CalendarEvent }
  | { kind: 'realName'; mode: 'twoElement' | 'full' }
  | { kind: 'publish'; tagId?: number; text?: string };

/** What the runtime does besides answering. Applied in order. */
export type SideEffect =
  | { type: 'toast'; message: string }
  | { type: 'clipboard'; text: string }
  | { type: 'openSheet'; requestId: string; sheet: SheetOpening }
  | { type: 'navigate'; action: 'push' | 'back' | 'close'; url?: string }
  /** Write the tokens as the page's duToken / x-auth-token cookies. */
  | { type: 'writeCookies'; tokens: NativeTokens }
  | { type: 'session'; tokens: NativeTokens | null }
  | { type: 'calendarPut'; event: CalendarEvent }
  | { type: 'calendarRemove'; id: string };

/** An answer (null while a sheet is open) and what else to do. */
export interface Handled {
  answer: ResponseMessage | null;
  sideEffects: SideEffect[];
}

export function okAnswer(id: string, result: unknown): ResponseMessage {
  return { type: 'response', id, ok: true, result };
}

export function errorAnswer(
  id: string,
  code: (typeof BRIDGE_ERROR)[keyof typeof BRIDGE_ERROR],
  message: string,
): ResponseMessage {
  return { type: 'response', id, ok: false, error: { code, message } };
}

/** The answer to a sheet the user closed. */
export function dismissedAnswer(id: string, what: string): ResponseMessage {
  return errorAnswer(id, BRIDGE_ERROR.dismissed, `${what} dismissed`);
}

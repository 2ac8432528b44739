import type {
  BridgeCallKind,
  BridgeEventName,
  BridgeEvents,
  CalendarEvent,
  CallPayload,
  NativeTokens,
  PlatformInfo,
  ResponseMessage,
} from '@h5/bridge/protocol';
import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core';
import type { NativeSheetKind } from './sheet-spec';
import type { RealNameIdentity } from './sheets/real-name';
import type { SimPlatform } from './user-agent';

/** What the webview's browser reports about the phone (the page's low-device rule, spec §9). */
export interface DeviceFactsOverride {
  /** navigator.deviceMemory in GB. */
  memoryGb?: number;
  /** navigator.hardwareConcurrency. */
  cores?: number;
  /** window.devicePixelRatio (the context's device scale factor; default 3). */
  pixelRatio?: number;
}

export interface AppSimulatorOptions {
  /** The site's origin, e.g. http://127.0.0.1:3000; the native side calls its API too. */
  baseURL: string;
  /** The app version in the user agent and platform info (default 5.26.1). */
  appVersion?: string;
  /** Default 'ios'. */
  platform?: SimPlatform;
  /** An existing playwright-core Browser; otherwise Debian's Chromium is launched (and closed by close()). */
  browser?: Browser;
  /** Default true; only used when the simulator launches the browser. */
  headless?: boolean;
  /** The app is logged in at launch with these tokens. */
  loggedIn?: NativeTokens;
  /** The native host object appears this many ms after each document starts (tests the page's queue). */
  injectHostLate?: number;
  /**
   * Default true: the app writes its auth cookies into the webview (at launch when logged in,
   * after a login). False simulates the WKWebView missing-cookie problem: only an explicit
   * syncCookies request writes them.
   */
  cookieSync?: boolean;
  /** Fields of getPlatformInfo to override (channel, statusBarHeight…). */
  platformInfo?: Partial<PlatformInfo>;
  /** What getTrackSource answers (default 'native'); null: the app never answers it. */
  trackSource?: string | null;
  /** The captcha sheet answers itself from the non-production dev-answer endpoint. */
  autoSolveCaptcha?: boolean;
  /**
   * Default true: a passed native verify answers `{ status: 200, code: 1, sessionId }`. False:
   * `{ status: 200, code: 1 }` alone (spec §4); the pass stays with the server for the caller.
   */
  captchaSession?: boolean;
  /**
   * The version the user agent's app marker carries, when it should differ from `appVersion`:
   * e.g. 'beta' or '' (the marker alone) for an app whose user agent has no parsable version.
   */
  userAgentVersion?: string;
  /** Memory, cores and pixel ratio the webview reports (e.g. a low device). */
  device?: DeviceFactsOverride;
  /** The server's SIGN_SECRET (default: its development default). */
  signSecret?: string;
  /** How long a native toast stays (default 2000 ms). */
  toastDurationMs?: number;
  /** Extra options for the browser context (over the 375×812 phone defaults). */
  contextOptions?: BrowserContextOptions;
  /** Receives one line per request, answer and native action (the CLI prints them). */
  log?: (line: string) => void;
}

/** A request the page sent to the app. */
export interface RecordedCall {
  id: string;
  kind: BridgeCallKind | string;
  payload: unknown;
  /** Date.now() when it arrived. */
  at: number;
}

/** An answer the app sent, and whether the page's receiver took it. */
export interface RecordedAnswer {
  response: ResponseMessage;
  at: number;
  delivered: 'delivered' | 'no-receiver' | 'gone' | 'failed';
}

export interface AppSimulator {
  readonly browser: Browser;
  readonly context: BrowserContext;
  /** The webview (the context's first page). */
  readonly page: Page;
  readonly userAgent: string;
  readonly appVersion: string;
  /** Every request the page sent, in order. */
  readonly calls: RecordedCall[];
  /** Every cancel message's request id. */
  readonly cancels: string[];
  readonly answers: RecordedAnswer[];
  /** Every native toast's text, in order. */
  readonly toasts: string[];
  /** What setClipboard (or the share sheet's copy link) put on the clipboard. */
  readonly clipboard: string;
  /** The app's calendar (calendarAdd / calendarDelete). */
  readonly calendar: readonly CalendarEvent[];
  /** The app's login session, or null. */
  readonly session: NativeTokens | null;
  /** The last identity the real-name sheet verified. */
  readonly realName: RealNameIdentity | null;
  /** True once the page asked to close the webview. */
  readonly webviewClosed: boolean;
  /** Goes to a path (or URL) relative to baseURL. */
  goto(path: string): ReturnType<Page['goto']>;
  /** Sends an event to the page (native → page). */
  emit<E extends BridgeEventName>(event: E, data: BridgeEvents[E]): Promise<void>;
  /**
   * The app logs in on its own (not from a page request): with tokens, or through the server
   * with a phone (random by default; non-production outbox). Writes cookies unless cookieSync
   * is false, then emits loginSuccess.
   */
  login(credentials?: NativeTokens | { phone: string }): Promise<NativeTokens>;
  /** The app logs out: session and auth cookies cleared, `logout` emitted. */
  logout(): Promise<void>;
  /** Posts a request through the page's native host, as the page would, and waits for the answer. */
  request<K extends BridgeCallKind>(
    kind: K,
    payload: CallPayload<K>,
    options?: { timeoutMs?: number },
  ): Promise<ResponseMessage>;
  /** The host element of an open native surface, e.g. `sim.sheet('login')`. */
  sheet(kind: NativeSheetKind): Locator;
  /** Resolves with the next (or an already recorded, when `since` is before it) call of `kind`. */
  waitForCall(kind: BridgeCallKind, options?: { timeoutMs?: number; since?: number }): Promise<RecordedCall>;
  /** Closes the context (and the browser when the simulator launched it). */
  close(): Promise<void>;
}

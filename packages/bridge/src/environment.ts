import type { BridgeDocument, BridgeLocation, BridgeNavigator, HostWindow } from './host-window';

/** What the bridge reports to telemetry; the message is the spec's text (TELEMETRY_MESSAGES). */
export type BridgeTelemetryKind = 'missing-cookie';

/** How a bridge is made: the environment (defaults: the browser's globals) and the page's hooks. */
export interface BridgeOptions {
  /** The window-like host; default `globalThis.window`; null for none (server rendering). */
  window?: HostWindow | null;
  /** Default: the window's navigator.userAgent. */
  userAgent?: string;
  /**
   * The pure web path (downgrade mode, spec §2): the page acts as outside the app even with the
   * app marker — no message reaches the app, every helper takes its web fallback.
   */
  webOnly?: boolean;
  /** Defaults for these four: the window's own. */
  document?: BridgeDocument | null;
  location?: BridgeLocation | null;
  history?: { back(): void } | null;
  navigator?: BridgeNavigator | null;
  /** This frame's prefix of request ids (`<frameId>:<n>`); random by default. No ':' allowed. */
  frameId?: string;
  /** Shared parent domain of the duToken / x-auth-token cookies (`.example.com`); host-only when unset. */
  cookieDomain?: string;
  /** Lifetime of the login cookies the bridge writes; default 30 days. */
  cookieMaxAgeSeconds?: number;
  /** Telemetry hook (missing-cookie self-healing reports here). */
  reportTelemetry?: (kind: BridgeTelemetryKind, message: string) => void;
  /** Outside the app a login is needed (code 7999 or 700): send the user to the web login. */
  onWebLogin?: (code: number) => void;
  /** A fault with no caller to reject (an event handler threw, a background login failed). Default: rethrown in a microtask. */
  onError?: (error: unknown) => void;
  /** How often queued calls look for the native host; default 100 ms, only while calls wait. */
  pollIntervalMs?: number;
  /**
   * Observes every call and subscription (the debug console's bridge log): once when it starts,
   * again when it settles (answered, failed, timed out or cancelled).
   */
  onCall?: (record: BridgeCallRecord) => void;
}

/** One bridge call as an observer sees it; the same object is updated when the call settles. */
export interface BridgeCallRecord {
  /** Counts from 1 per bridge. */
  n: number;
  kind: string;
  /** Epoch milliseconds. */
  startedAt: number;
  state: 'pending' | 'ok' | 'error';
  endedAt?: number;
  /** The error's code and message, when it failed. */
  error?: string;
}

/** The resolved environment: what exists here, each possibly missing. */
export interface BridgeEnvironment {
  window: HostWindow | undefined;
  userAgent: string;
  document: BridgeDocument | undefined;
  location: BridgeLocation | undefined;
  history: { back(): void } | undefined;
  navigator: BridgeNavigator | undefined;
}

function pick<T>(given: T | null | undefined, fallback: T | undefined): T | undefined {
  if (given === null) return undefined;
  return given ?? fallback;
}

/** The browser's window, or undefined on the server. */
export function browserWindow(): HostWindow | undefined {
  return typeof window === 'undefined' ? undefined : window;
}

/** Fills the environment from the options, then from the window. */
export function resolveEnvironment(options: BridgeOptions): BridgeEnvironment {
  const win = pick(options.window, browserWindow());
  const navigator = pick(options.navigator, win?.navigator);
  return {
    window: win,
    userAgent: options.userAgent ?? navigator?.userAgent ?? '',
    document: pick(options.document, win?.document),
    location: pick(options.location, win?.location),
    history: pick(options.history, win?.history),
    navigator,
  };
}

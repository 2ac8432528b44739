import {
  DU_TOKEN_COOKIE,
  isLoginCode,
  type LoginGatedAction,
  RELOAD_EXEMPT_PATHS,
  readCookie,
  serializeCookie,
  TELEMETRY_MESSAGES,
  TOURIST,
  X_AUTH_TOKEN,
} from '@h5/core';
import { BridgeError, isBridgeError } from './bridge-error';
import type { BridgeContext } from './context';
import { BRIDGE_ERROR, type BridgeCallKind, type NativeTokens, type PlatformInfo } from './protocol';

/** Login cookies live 30 days unless the page says otherwise. */
export const DEFAULT_COOKIE_MAX_AGE_SECONDS = 30 * 24 * 3600;

/** Login gating, the native login flow and missing-cookie self-healing (spec §4, §6). */
export interface SessionApi {
  /** True when the duToken cookie is present: its presence alone counts as logged in (spec §3). */
  isLoggedIn(): boolean;
  /** Opens the login with `code` (default 7999): the native modal in the app, else `onWebLogin`. True once logged in natively. */
  login(code?: number): Promise<boolean>;
  /** The request layer's login hook: codes 700 and 7999 open the login with that code; false for any other code. */
  handleAuthCode(code: number): Promise<boolean>;
  /** Runs a login-gated native action (spec §6); a visitor gets the login instead and a loginRequired rejection. */
  runAction(name: LoginGatedAction, params?: Record<string, unknown>): Promise<unknown>;
  /** Opens the login (7999) in the background and returns the loginRequired error to reject with. */
  requireLogin(kind: BridgeCallKind, what: string): BridgeError;
  /** In the app with no duToken cookie but a native login: report, resync, write the cookies; true means retry once. */
  ensureCookies(): Promise<boolean>;
}

const isTokens = (value: unknown): value is NativeTokens =>
  typeof (value as NativeTokens | null)?.duToken === 'string' && (value as NativeTokens).duToken !== '';

/** True on a page that must not reload after a native login (spec §2). */
export function isReloadExemptPath(pathname: string): boolean {
  return RELOAD_EXEMPT_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`));
}

/** Builds the session helpers; `getPlatformInfo` is the feature helper (gated, shared in flight). */
export function createSession(ctx: BridgeContext, getPlatformInfo: () => Promise<PlatformInfo>): SessionApi {
  const { env, options } = ctx;
  let loginFlight: Promise<boolean> | null = null;
  let healing: Promise<boolean> | null = null;
  let lastLoginToken: string | null = null;

  const isLoggedIn = () => readCookie(env.document?.cookie, DU_TOKEN_COOKIE) !== null;

  function writeTokens(tokens: NativeTokens): void {
    const doc = env.document;
    if (!doc) return;
    const attributes = {
      domain: options.cookieDomain,
      maxAgeSeconds: options.cookieMaxAgeSeconds ?? DEFAULT_COOKIE_MAX_AGE_SECONDS,
      secure: env.location?.protocol === 'https:',
    };
    doc.cookie = serializeCookie(DU_TOKEN_COOKIE, tokens.duToken, attributes);
    if (tokens.xAuthToken) doc.cookie = serializeCookie(X_AUTH_TOKEN, tokens.xAuthToken, attributes);
  }

  /** A native login happened: store the cookies, fetch platform info again, reload unless exempt. */
  function completeLogin(tokens: unknown): boolean {
    if (!isTokens(tokens)) return false;
    // The openLogin answer and the loginSuccess event report the same login: act on it once.
    if (tokens.duToken === lastLoginToken) return true;
    lastLoginToken = tokens.duToken;
    writeTokens(tokens);
    getPlatformInfo().then((info) => ctx.transport.emit('platformInfo', info), ctx.reportError);
    const location = env.location;
    if (location && !isReloadExemptPath(location.pathname)) location.reload();
    return true;
  }

  async function nativeLogin(code: number): Promise<boolean> {
    try {
      return completeLogin(await ctx.call('openLogin', { code }));
    } catch (error) {
      if (isBridgeError(error, BRIDGE_ERROR.dismissed)) return false; // the user closed the modal
      throw error;
    }
  }

  function login(code: number = TOURIST): Promise<boolean> {
    if (!ctx.inApp) {
      options.onWebLogin?.(code);
      return Promise.resolve(false);
    }
    // Several failing requests (700 / 7999) at once still open one modal.
    loginFlight ??= nativeLogin(code).finally(() => {
      loginFlight = null;
    });
    return loginFlight;
  }

  function requireLogin(kind: BridgeCallKind, what: string): BridgeError {
    login(TOURIST).catch(ctx.reportError);
    return new BridgeError(BRIDGE_ERROR.loginRequired, `${what} needs login`, kind);
  }

  async function heal(): Promise<boolean> {
    const info = await getPlatformInfo();
    if (!info.cookieToken) return false; // the app has no login either: a real visitor
    if (isLoggedIn()) return true; // written meanwhile by the app itself
    options.reportTelemetry?.('missing-cookie', TELEMETRY_MESSAGES.webviewCookieMissing);
    const synced = await ctx.call('syncCookies', {});
    // The app may have lost its own copy; platform info still names the login it holds.
    writeTokens(
      isTokens(synced) ? synced : { duToken: info.cookieToken, xAuthToken: info['X-Auth-Token'] ?? '' },
    );
    return isLoggedIn();
  }

  ctx.transport.on('loginSuccess', (tokens) => {
    completeLogin(tokens);
  });

  return {
    isLoggedIn,
    login,
    handleAuthCode: (code) => (isLoginCode(code) ? login(code) : Promise.resolve(false)),

    async runAction(name, params) {
      if (!isLoggedIn()) throw requireLogin('action', name);
      return ctx.call('action', params === undefined ? { name } : { name, params });
    },

    requireLogin,

    ensureCookies() {
      if (!ctx.inApp || isLoggedIn()) return Promise.resolve(false);
      healing ??= heal().finally(() => {
        healing = null;
      });
      return healing;
    },
  };
}

import type { Endpoint } from '@h5/contract';
import type { ApiError } from './api-error';

/** Stored login values sent as headers on every call (spec §6); empty ones are left out. */
export interface AuthTokens {
  duToken?: string | null | undefined;
  xAuthToken?: string | null | undefined;
}

/** Handed to `onTimeout` (the app reports it to telemetry, spec §8). */
export interface TimeoutInfo {
  method: Endpoint['method'];
  /** The contract path, parameters unfilled: groups reports by endpoint. */
  path: string;
  /** The full URL called, sign included. */
  url: string;
  timeoutMs: number;
}

/** Handed to `onRiskCheck`: the HTTP 485 answer that asks for a captcha. */
export interface RiskCheckInfo {
  endpoint: Endpoint;
  url: string;
  /** The envelope's code (485) and display text. */
  code: number;
  message: string;
  /** The envelope's `data` as sent (our server: `{ captchaType, scene }`, `RiskCheckData`). */
  data: unknown;
  /** `data.scene` when it is a string: which call was refused, to pass to the captcha. */
  scene: string | undefined;
}

export interface ClientOptions {
  /** API origin; '' means the page's own origin (the `local` environment). See `resolveApiBase`. */
  baseUrl: string;
  signSecret: string;
  /** Defaults to the global fetch, looked up at call time. */
  fetch?: typeof fetch;
  /** Headers added to every call (read on every attempt). */
  headers?: () => Record<string, string>;
  /** The stored login values, read on every attempt: sent as `duToken` and `x-auth-token` headers. */
  authTokens?: () => AuthTokens | null | undefined;
  /** The flow-type (colouring) value, sent as `x-flow-type` when set. */
  flowType?: () => string | null | undefined;
  /**
   * The page's cookie string, read on every attempt (default `document.cookie`, none without a
   * document): its `XSRF-TOKEN` goes out as the `X-XSRF-TOKEN` header (spec §9).
   */
  cookies?: () => string | null | undefined;
  /** Per-attempt time-out; REQUEST_TIMEOUT_MS (10 s) by default; 0 means none. */
  timeoutMs?: number;
  /** Starts the client declined: true, or the reason (see `decline`). */
  declined?: boolean | string;
  /** A call timed out (it then rejects with 'timeout of N ms exceeded'). */
  onTimeout?: (info: TimeoutInfo) => void;
  /**
   * A failed call of an endpoint with `errorToast`: show `message`. Once per failed call, after any
   * retry; never for auth, risk, aborted or declined failures.
   */
  onErrorToast?: (message: string, error: ApiError) => void;
  /**
   * Every failed call, toasted or not, once after any retry: for logs and the debug console,
   * which keep the code and the server's own text (`error.serverMessage`) users never read.
   */
  onFailure?: (error: ApiError, call: { method: Endpoint['method']; path: string }) => void;
  /** Code 700 or 7999 survived the cookie self-healing: open the login (the call then rejects). */
  onAuthRequired?: (code: number, error: ApiError) => void;
  /**
   * Code 700 or 7999: repair a missing app cookie (native resync) before giving up. Resolve true
   * when the cookies are back: the call is retried once. Concurrent calls share one run.
   */
  ensureCookies?: () => Promise<boolean> | boolean;
  /**
   * HTTP 485: run the captcha and resolve the passed captcha's session id, or null when it passed
   * without one (the app's native verify: the server already holds the pass), or reject.
   * Concurrent calls share one run (`createRiskGate`), then each is replayed once, with
   * `x-captcha-session` when there is a session id. Without this hook a 485 rejects at once.
   */
  onRiskCheck?: (info: RiskCheckInfo) => Promise<string | null>;
  /**
   * A hook above threw (or `ensureCookies` rejected): the call's outcome stays as it was and the
   * error comes here. By default it is thrown again in a microtask (the global error handler).
   */
  onHookError?: (error: unknown) => void;
}

export interface CallOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** This call's time-out, instead of the client's. */
  timeoutMs?: number;
  /** Overrides the endpoint's `errorToast` for this call. */
  errorToast?: boolean;
  /**
   * false: a 700 / 7999 rejects without running `onAuthRequired` (a background read of who is
   * signed in must not send the page to the login). The cookie repair still runs.
   */
  authHandler?: boolean;
}

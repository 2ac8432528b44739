import type { Endpoint, Envelope, RequestOf, ResponseOf } from '@h5/contract';
import { CLIENT_MESSAGES, REQUEST_TIMEOUT_MS } from '@h5/core';
import { untilAborted } from './abort';
import { ApiError, type ApiErrorKind, isApiError } from './api-error';
import { buildRequest, type WireRequest } from './build-request';
import type { CallOptions, ClientOptions, RiskCheckInfo } from './client-options';
import { notify, rethrowLater } from './hooks';
import { type Outcome, readResponse } from './read-response';
import { requestHeaders } from './request-headers';
import { createRiskGate, type RiskGate } from './risk-gate';
import { send } from './send';

export type { AuthTokens, CallOptions, ClientOptions, RiskCheckInfo, TimeoutInfo } from './client-options';

/** A typed caller of the contract: `api(contract.x.y, input)` resolves the envelope's data. */
export interface ApiClient {
  <E extends Endpoint>(endpoint: E, input: RequestOf<E>, options?: CallOptions): Promise<ResponseOf<E>>;
  /** The whole envelope `{ code, msg, data }`, for callers that branch on an allowed code. */
  envelope<E extends Endpoint>(
    endpoint: E,
    input: RequestOf<E>,
    options?: CallOptions,
  ): Promise<Envelope<ResponseOf<E>>>;
  /** Flags the client as declined: from now on every call rejects at once, sending nothing. */
  decline(reason?: string): void;
  isDeclined(): boolean;
}

/** Failures the user is told about by toast (auth and risk have their own UI; aborted and declined are deliberate). */
const TOASTED: ReadonlySet<ApiErrorKind> = new Set<ApiErrorKind>(['business', 'http', 'network', 'timeout']);

/**
 * The HTTP client of spec §7–§8 over the contract (DESIGN.md §4): sign and encoding
 * (`buildRequest`), auth and flow-type headers, credentials, a time-out per attempt, the success
 * rule, toasts, the login handler with one retry after a cookie repair, and the risk check with
 * one shared captcha and one replay. Every rejection is an {@link ApiError}.
 */
export function createApiClient(options: ClientOptions): ApiClient {
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const clientTimeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  // undefined: open; a string (maybe empty): declined, with that reason.
  let declinedReason: string | undefined =
    typeof options.declined === 'string' ? options.declined : options.declined ? '' : undefined;
  const reportHookError = options.onHookError ?? rethrowLater;
  const gate = options.onRiskCheck ? createRiskGate(options.onRiskCheck) : undefined;

  let healing: Promise<boolean> | undefined;
  /** Runs `ensureCookies` once for all calls waiting on it; a failing hook counts as not repaired. */
  const heal = (): Promise<boolean> => {
    const ensureCookies = options.ensureCookies;
    if (!ensureCookies) return Promise.resolve(false);
    healing ??= Promise.resolve()
      .then(ensureCookies)
      .then(
        (repaired) => repaired === true,
        (error: unknown) => {
          reportHookError(error);
          return false;
        },
      )
      .finally(() => {
        healing = undefined;
      });
    return healing;
  };

  async function attempt(
    endpoint: Endpoint,
    wire: WireRequest,
    callOptions: CallOptions,
    captchaSession: string | undefined,
  ): Promise<{ outcome: Outcome; url: string }> {
    if (declinedReason !== undefined) {
      throw new ApiError(CLIENT_MESSAGES.declined(declinedReason || undefined), 0, 0, 'declined');
    }
    const url = `${options.baseUrl}${wire.url}`;
    const timeoutMs = callOptions.timeoutMs ?? clientTimeoutMs;
    const init: RequestInit = {
      method: wire.method,
      headers: requestHeaders(options, { call: callOptions.headers, wire: wire.headers, captchaSession }),
      body: wire.body,
      credentials: 'include',
    };
    const raw = await send(doFetch, url, init, {
      timeoutMs,
      signal: callOptions.signal,
      onTimeout: () =>
        notify(reportHookError, options.onTimeout, {
          method: wire.method,
          path: endpoint.path,
          url,
          timeoutMs,
        }),
    });
    return { outcome: readResponse(endpoint.envelope, raw), url };
  }

  /** Waits for the shared captcha; any failure of it rejects this call as a risk failure. */
  async function passCaptcha(
    riskGate: RiskGate<RiskCheckInfo>,
    info: RiskCheckInfo,
    refusal: ApiError,
    signal?: AbortSignal,
  ): Promise<string | null> {
    try {
      const session = await untilAborted(riskGate.pass(info), signal);
      if (session !== null && (typeof session !== 'string' || session === ''))
        throw new TypeError('onRiskCheck gave no session id');
      return session;
    } catch (cause) {
      if (isApiError(cause) && cause.kind === 'aborted') throw cause;
      const { message, code, httpStatus, data } = refusal;
      throw new ApiError(message, code, httpStatus, 'risk', { data, cause });
    }
  }

  /** Attempts until an answer is final: at most one retry after a cookie repair and one captcha replay. */
  async function settle(endpoint: Endpoint, input: unknown, callOptions: CallOptions): Promise<Envelope> {
    const wire = buildRequest(endpoint, input as RequestOf<Endpoint>, options.signSecret);
    let captchaSession: string | undefined;
    let replayedAfterCaptcha = false;
    let retriedAfterRepair = false;
    for (;;) {
      const { outcome, url } = await attempt(endpoint, wire, callOptions, captchaSession);
      if (outcome.kind === 'success') return outcome.envelope;
      const { error } = outcome;
      if (outcome.kind === 'failure') throw error;
      if (outcome.kind === 'auth') {
        if (!retriedAfterRepair && (await untilAborted(heal(), callOptions.signal))) {
          retriedAfterRepair = true;
          continue;
        }
        if (callOptions.authHandler !== false)
          notify(reportHookError, options.onAuthRequired, error.code, error);
        throw error;
      }
      // A risk check: no captcha handler, or already replayed once (no loops).
      if (!gate || replayedAfterCaptcha) throw error;
      const data = error.data as { scene?: unknown } | undefined;
      const scene = typeof data?.scene === 'string' ? data.scene : undefined;
      const info = { endpoint, url, code: error.code, message: error.message, data: error.data, scene };
      captchaSession = (await passCaptcha(gate, info, error, callOptions.signal)) ?? undefined;
      replayedAfterCaptcha = true;
    }
  }

  async function run(endpoint: Endpoint, input: unknown, callOptions: CallOptions = {}): Promise<Envelope> {
    try {
      return await settle(endpoint, input, callOptions);
    } catch (error) {
      if (error instanceof ApiError)
        notify(reportHookError, options.onFailure, error, { method: endpoint.method, path: endpoint.path });
      const toast = callOptions.errorToast ?? endpoint.errorToast;
      if (toast && error instanceof ApiError && TOASTED.has(error.kind))
        notify(reportHookError, options.onErrorToast, error.message, error);
      throw error;
    }
  }

  const call = <E extends Endpoint>(endpoint: E, input: RequestOf<E>, callOptions?: CallOptions) =>
    run(endpoint, input, callOptions).then((envelope) => envelope.data as ResponseOf<E>);

  return Object.assign(call, {
    envelope: <E extends Endpoint>(endpoint: E, input: RequestOf<E>, callOptions?: CallOptions) =>
      run(endpoint, input, callOptions) as Promise<Envelope<ResponseOf<E>>>,
    decline(reason?: string) {
      declinedReason = reason ?? '';
    },
    isDeclined: () => declinedReason !== undefined,
  });
}

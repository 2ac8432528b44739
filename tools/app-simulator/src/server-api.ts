import type { NativeTokens } from '@h5/bridge/protocol';
import type { Endpoint, RequestOf, ResponseOf } from '@h5/contract';
import {
  CAPTCHA_SESSION_HEADER,
  CLIENT_MESSAGES,
  DU_TOKEN_COOKIE,
  displayMessage,
  isSuccessResponse,
  RISK_CHECK_STATUS,
  X_AUTH_TOKEN,
} from '@h5/core';
import { buildRequest } from '@h5/request';
import { ApiError } from '@h5/request/api-error';

/** The server's development sign secret (apps/server env.ts), used unless SIGN_SECRET is set there. */
export const DEV_SIGN_SECRET = 'community-h5-dev-sign-secret';

export interface ServerCallOptions {
  /** Sent as the `duToken` / `x-auth-token` headers, as the page's client sends them. */
  tokens?: NativeTokens | null;
  /** A passed captcha's session id, to replay a call the risk check refused. */
  captchaSession?: string;
}

/** Calls the real server from Node, as the native app's own network layer does. */
export type ServerApi = <E extends Endpoint>(
  endpoint: E,
  input: RequestOf<E>,
  options?: ServerCallOptions,
) => Promise<ResponseOf<E>>;

/**
 * A contract caller over `fetch`: signed with `buildRequest` (spec §5), the envelope's data on
 * success, an {@link ApiError} otherwise (kind `risk` for HTTP 485, `business` for a refused
 * envelope, `http` / `network` for the rest).
 */
export function createServerApi(
  baseURL: string,
  signSecret: string,
  doFetch: typeof fetch = fetch,
): ServerApi {
  return async (endpoint, input, options = {}) => {
    const wire = buildRequest(endpoint, input, signSecret);
    const headers: Record<string, string> = { ...wire.headers };
    if (options.tokens) {
      headers[DU_TOKEN_COOKIE] = options.tokens.duToken;
      headers[X_AUTH_TOKEN] = options.tokens.xAuthToken;
    }
    if (options.captchaSession) headers[CAPTCHA_SESSION_HEADER] = options.captchaSession;
    let response: Response;
    try {
      response = await doFetch(new URL(wire.url, baseURL), { method: wire.method, headers, body: wire.body });
    } catch (cause) {
      throw new ApiError(CLIENT_MESSAGES.network, 0, 0, 'network', { cause });
    }
    const body = (await response.json().catch(() => undefined)) as
      | { code?: number; msg?: string; data?: unknown }
      | undefined;
    if (response.status === RISK_CHECK_STATUS) {
      throw new ApiError(displayMessage(body ?? ''), body?.code ?? response.status, response.status, 'risk', {
        data: body?.data,
      });
    }
    // An unenveloped entry (the upload file types) answers its data whole.
    if (!endpoint.envelope && response.ok && body !== undefined) return body as ResponseOf<typeof endpoint>;
    if (!response.ok || !body || typeof body.code !== 'number') {
      const message = body ? displayMessage(body) : CLIENT_MESSAGES.statusCode(response.status);
      throw new ApiError(message, body?.code ?? response.status, response.status, 'http');
    }
    if (!isSuccessResponse(body)) {
      throw new ApiError(displayMessage(body), body.code, response.status, 'business', { data: body.data });
    }
    return body.data as ResponseOf<typeof endpoint>;
  };
}

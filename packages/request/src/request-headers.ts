import {
  CAPTCHA_SESSION_HEADER,
  DU_TOKEN_COOKIE,
  FLOW_TYPE_HEADER,
  OPERATOR_CSRF_COOKIE,
  OPERATOR_CSRF_HEADER,
  readCookie,
  X_AUTH_TOKEN,
  XSRF_COOKIE_NAME,
  XSRF_HEADER_NAME,
} from '@h5/core';
import type { ClientOptions } from './client-options';

/** Header sources of one attempt, in rising precedence. */
export interface HeaderParts {
  /** The call's own headers. */
  call?: Record<string, string> | undefined;
  /** The wire form's headers (content type): never overridden. */
  wire: Record<string, string>;
  /** A passed captcha's session id, on a replay after HTTP 485. */
  captchaSession?: string | undefined;
}

/** The page's cookies where there is a page (a browser or webview); none in Node. */
const documentCookies = (): string | undefined =>
  (globalThis as { document?: { cookie?: string } }).document?.cookie;

/**
 * The headers of one attempt: the client's `headers()`, the XSRF token (spec §9: cookie
 * `XSRF-TOKEN` → header `X-XSRF-TOKEN`; every call goes to our own API host, so it never leaves
 * for a third party), the backstage's CSRF token where an operator session set its cookie, the auth values (spec §6: `duToken`, `x-auth-token`), the flow type
 * (`x-flow-type`), the call's headers, the wire's content type and the captcha session. The hooks
 * are read on every attempt, so a retry sees repaired cookies.
 */
export function requestHeaders(
  sources: Pick<ClientOptions, 'headers' | 'authTokens' | 'flowType' | 'cookies'>,
  parts: HeaderParts,
): Record<string, string> {
  const headers: Record<string, string> = { ...sources.headers?.() };
  const xsrf = readCookie((sources.cookies ?? documentCookies)(), XSRF_COOKIE_NAME);
  if (xsrf) headers[XSRF_HEADER_NAME] = xsrf;
  // Only a backstage session sets it (issue 30); the server checks it on operator writes alone.
  const operatorCsrf = readCookie((sources.cookies ?? documentCookies)(), OPERATOR_CSRF_COOKIE);
  if (operatorCsrf) headers[OPERATOR_CSRF_HEADER] = operatorCsrf;
  const tokens = sources.authTokens?.();
  if (tokens?.duToken) headers[DU_TOKEN_COOKIE] = tokens.duToken;
  if (tokens?.xAuthToken) headers[X_AUTH_TOKEN] = tokens.xAuthToken;
  const flowType = sources.flowType?.();
  if (flowType) headers[FLOW_TYPE_HEADER] = flowType;
  Object.assign(headers, parts.call, parts.wire);
  if (parts.captchaSession) headers[CAPTCHA_SESSION_HEADER] = parts.captchaSession;
  return headers;
}

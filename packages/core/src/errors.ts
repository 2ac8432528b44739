import { RISK_CHECK, SUCCESS, TOKEN_EXPIRED, TOURIST } from './codes';
import { HTTP_SUCCESS_STATUS_MAX, HTTP_SUCCESS_STATUS_MIN, LOW_LEVEL_ALLOWED_CODES } from './constants';
import { AI_IMAGE_MESSAGES } from './messages/ai-image';
import { CLIENT_MESSAGES } from './messages/client';
import { REQUEST_MESSAGES } from './messages/request';

/** Allowed or special codes of spec §8; a response carrying one counts as success. */
export const ALLOWED_CODES = [
  RISK_CHECK,
  20101008,
  20107004,
  20101117,
  20101121,
  20101122,
  20101115,
  20103102,
  20103108,
  20103200,
  20103110,
  20213801,
  20125156,
  201150201,
] as const;

/** AI-image business codes (spec §8). */
export const AI_USER_IMAGE_REJECTED = 201150102;
export const AI_GENERATED_IMAGE_REJECTED = 201150103;
export const AI_TOO_FAST = 201150104;
export const AI_TOO_FAST_AGAIN = 201150114;
export const AI_ACTIVITY_NOT_STARTED = 202010008;
export const AI_ACTIVITY_ENDED = 202010009;
export const AI_USER_BANNED = 201150106;
export const AI_UPGRADE_REQUIRED = 201150107;

/** AI-image code → text shown to the user. */
export const AI_IMAGE_ERROR_TEXTS: ReadonlyMap<number, string> = new Map<number, string>([
  [AI_USER_IMAGE_REJECTED, AI_IMAGE_MESSAGES.userImageRejected],
  [AI_GENERATED_IMAGE_REJECTED, AI_IMAGE_MESSAGES.generatedImageRejected],
  [AI_TOO_FAST, AI_IMAGE_MESSAGES.tooFast],
  [AI_TOO_FAST_AGAIN, AI_IMAGE_MESSAGES.tooFast],
  [AI_ACTIVITY_NOT_STARTED, AI_IMAGE_MESSAGES.activityNotStarted],
  [AI_ACTIVITY_ENDED, AI_IMAGE_MESSAGES.activityEnded],
  [AI_USER_BANNED, AI_IMAGE_MESSAGES.userBanned],
  [AI_UPGRADE_REQUIRED, AI_IMAGE_MESSAGES.upgradeRequired],
]);

/** Generic HTTP client error texts (spec §8, transport): functions for the templated ones. */
export const CLIENT_ERRORS = CLIENT_MESSAGES;

const allowed: ReadonlySet<number> = new Set<number>([SUCCESS, ...ALLOWED_CODES, ...LOW_LEVEL_ALLOWED_CODES]);

/** True when a code is 200 or in one of the allowed lists. */
export function isAllowedCode(code: unknown): boolean {
  return typeof code === 'number' && allowed.has(code);
}

/**
 * Success rule of spec §8: `code` or `status` is 200 or in the allowed lists.
 * `status` is the envelope's own status field (some upload endpoints use it), not the HTTP status:
 * a business error travels as HTTP 200 and must not pass through it.
 */
export function isSuccessResponse(res: { code?: unknown; status?: unknown } | null | undefined): boolean {
  if (!res) return false;
  return isAllowedCode(res.code) || isAllowedCode(res.status);
}

/** True for an HTTP status the client accepts (200–299). */
export function isHttpSuccessStatus(status: number): boolean {
  return status >= HTTP_SUCCESS_STATUS_MIN && status <= HTTP_SUCCESS_STATUS_MAX;
}

/** Codes 700 (token expired) and 7999 (tourist) hand over to the login handler. */
export function isLoginCode(code: unknown): boolean {
  return code === TOKEN_EXPIRED || code === TOURIST;
}

/** The user-facing text of an AI-image code, or undefined for other codes. */
export function aiImageErrorText(code: number): string | undefined {
  return AI_IMAGE_ERROR_TEXTS.get(code);
}

// A tag opener or closer (`<html`, `</div>`, `<!DOCTYPE`): a gateway's error page, never our msg.
const HTML_TAG = /<\/?[a-z!][^>]*>/i;

/** True when a message looks like HTML (a proxy or gateway page instead of our envelope). */
export function isHtmlLike(msg: string): boolean {
  return HTML_TAG.test(msg);
}

type MessageSource = string | { msg?: unknown; message?: unknown } | null | undefined;

function pickText(...candidates: unknown[]): string {
  for (const c of candidates) if (typeof c === 'string' && c.trim() !== '') return c;
  return '';
}

/** The toast text of a failed response: HTML → REQUEST_MESSAGES.networkError, empty → its loadFailed. */
export function displayMessage(source: MessageSource): string {
  const text = typeof source === 'string' ? pickText(source) : pickText(source?.msg, source?.message);
  if (text === '') return REQUEST_MESSAGES.loadFailed;
  if (isHtmlLike(text)) return REQUEST_MESSAGES.networkError;
  return text;
}

/** The message of an upload error, from msg, statusText or message (in that order). */
export function uploadErrorMessage(err: unknown): string {
  if (typeof err === 'string') return displayMessage(err);
  if (err !== null && typeof err === 'object') {
    const e = err as { msg?: unknown; statusText?: unknown; message?: unknown };
    return displayMessage(pickText(e.msg, e.statusText, e.message));
  }
  return REQUEST_MESSAGES.loadFailed;
}

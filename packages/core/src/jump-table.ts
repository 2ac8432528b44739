import { JUMP_KEY, type JumpParams, type JumpTarget, jumpPagePath } from './jump-pages';
import { sameOriginPath } from './same-origin-path';

export * from './jump-pages';

/** Keys with no web page: outside the app they do nothing. */
export const APP_ONLY_JUMP_KEYS: readonly JumpTarget[] = [JUMP_KEY.circle];
/** Keys that open the login modal for a visitor instead of jumping (spec §6). */
export const LOGIN_REQUIRED_JUMP_KEYS: readonly JumpTarget[] = [JUMP_KEY.loginRequired];
/** Keys whose target is the caller's own URL (`url`) rather than a page of ours. */
export const URL_JUMP_KEYS: readonly JumpTarget[] = [JUMP_KEY.externalLink, JUMP_KEY.loginRequired];
const URL_PARAM = 'url';

/** True when a jump needs a logged-in user. */
export function jumpRequiresLogin(key: JumpTarget): boolean {
  return LOGIN_REQUIRED_JUMP_KEYS.includes(key);
}

function paramText(value: string | number | undefined): string | null {
  if (value === undefined) return null;
  const text = String(value).trim();
  return text === '' ? null : text;
}

// Only http(s) or a same-origin path: a `javascript:` or protocol-relative link must never be followed.
function safeLink(value: string | number | undefined): string | null {
  const text = paramText(value);
  if (text === null) return null;
  if (text.startsWith('/')) return sameOriginPath(text);
  return /^https?:\/\//i.test(text) ? text : null;
}

/** The web path to open outside the app, or null when the key is app only or its id/url is missing. */
export function jumpFallback(key: JumpTarget, params: JumpParams): string | null {
  if (APP_ONLY_JUMP_KEYS.includes(key)) return null;
  if (URL_JUMP_KEYS.includes(key)) return safeLink(params[URL_PARAM]);
  return jumpPagePath(key, params);
}

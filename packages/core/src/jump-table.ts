import { sameOriginPath } from './same-origin-path';

/** Native jump keys of spec §2. */
export const JUMP_KEY = {
  posts: 8,
  trend: 3,
  topic: 29,
  news: 4,
  circle: 31,
  externalLink: 5,
  loginRequired: 28,
} as const;
/** The spec gives the user-detail jump no number; it travels as its own native action. */
export const USER_DETAIL_JUMP = 'userDetail';

/** A numeric native jump key. */
export type JumpKey = (typeof JUMP_KEY)[keyof typeof JUMP_KEY];
/** Anything the jump table can open. */
export type JumpTarget = JumpKey | typeof USER_DETAIL_JUMP;
/** Jump parameters: ids (postsId, trendId, tagId, newsId, userId) or `url` for keys 5 and 28. */
export type JumpParams = Readonly<Record<string, string | number | undefined>>;

interface FallbackRoute {
  readonly path: string;
  readonly param: string;
}

/** Same-origin web pages used outside the app, with the query parameter that carries the id. */
export const JUMP_FALLBACK_ROUTES: Readonly<Partial<Record<JumpTarget, FallbackRoute>>> = {
  [JUMP_KEY.posts]: { path: '/community/posts', param: 'postsId' },
  [JUMP_KEY.trend]: { path: '/community/trend', param: 'trendId' },
  [JUMP_KEY.topic]: { path: '/community/topic', param: 'tagId' },
  [JUMP_KEY.news]: { path: '/community/news', param: 'newsId' },
  [USER_DETAIL_JUMP]: { path: '/community/user', param: 'userId' },
};

/** Keys with no web page: outside the app they do nothing. */
export const APP_ONLY_JUMP_KEYS: readonly JumpTarget[] = [JUMP_KEY.circle];
/** Keys that open the login modal for a visitor instead of jumping (spec §6). */
export const LOGIN_REQUIRED_JUMP_KEYS: readonly JumpTarget[] = [JUMP_KEY.loginRequired];
// Keys whose target is the caller's own URL rather than a page of ours.
const URL_JUMP_KEYS: readonly JumpTarget[] = [JUMP_KEY.externalLink, JUMP_KEY.loginRequired];
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
  const route = JUMP_FALLBACK_ROUTES[key];
  if (!route) return null;
  const id = paramText(params[route.param]);
  return id === null ? null : `${route.path}?${route.param}=${encodeURIComponent(id)}`;
}

/** The native bridge message a jump becomes inside the app. */
export interface NativeJump {
  /** 'redirect' for numeric keys, 'userInfo' for the user detail screen. */
  action: 'redirect' | 'userInfo';
  payload: Readonly<Record<string, string | number>>;
  /** The bridge opens the login modal (code 7999) instead when no duToken is present. */
  requiresLogin: boolean;
}

/** Describes the native message for a jump; null when its id is missing or not usable. */
export function nativeJumpTarget(key: JumpTarget, params: JumpParams): NativeJump | null {
  if (key === USER_DETAIL_JUMP) {
    const userId = paramText(params.userId);
    if (userId === null) return null;
    // The native user screen takes the id both as text and as a number.
    const userIdNumber = Number(userId);
    const payload: Record<string, string | number> = { userId };
    if (Number.isSafeInteger(userIdNumber)) payload.userIdNumber = userIdNumber;
    return { action: 'userInfo', payload, requiresLogin: false };
  }
  if (URL_JUMP_KEYS.includes(key) && safeLink(params[URL_PARAM]) === null) return null;
  const payload: Record<string, string | number> = { key };
  for (const [name, value] of Object.entries(params)) if (value !== undefined) payload[name] = value;
  return { action: 'redirect', payload, requiresLogin: jumpRequiresLogin(key) };
}

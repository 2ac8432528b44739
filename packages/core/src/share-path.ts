import {
  JUMP_FALLBACK_ROUTES,
  JUMP_KEY,
  type JumpParams,
  type JumpTarget,
  USER_DETAIL_JUMP,
} from './jump-table';
import { nativeJumpTarget } from './native-jump';

/** Our share landing pages (spec §2); inside the app they open native screens instead. */
export const SHARE_PATHS = {
  /** A feed or video detail: `?id=` or `?trendId=`. */
  communityShare: '/community-share',
  /** A column (posts page): `?postsId=`. */
  column: '/column',
  /** A tag group: `?tagId=`. */
  dongtai: '/dongtai',
  /** A note (feed detail): `?id=`. */
  noteDetails: '/note/details',
  /** A user's home: `?userId=`. */
  userHomeShare: '/user-home/share',
} as const;

/** Native screens that have no numeric jump key; they travel in the redirect message's `key`. */
export const NATIVE_ROUTE = {
  feedDetail: 'feedDetail',
  videoDetail: 'videoDetail',
} as const;
/** A named native screen. */
export type NativeRouteName = (typeof NATIVE_ROUTE)[keyof typeof NATIVE_ROUTE];

/** The `source` a community-share link opens its detail with (spec §2). */
export const VIDEO_TREND_SOURCE = 'videoTrend';

/** A native screen to open: the `{ key, params }` of the bridge's redirect message. */
export interface NativeRoute {
  key: JumpTarget | NativeRouteName;
  params: Readonly<Record<string, string | number>>;
}

// Any origin will do for relative URLs: only the path and query are read.
const PLACEHOLDER_ORIGIN = 'http://share.invalid';

function queryValue(query: URLSearchParams, name: string): string | null {
  const value = query.get(name)?.trim();
  return value ? value : null;
}

/** The redirect message's `{ key, params }` for a jump; null when its id or link is missing or unsafe. */
export function nativeJumpRoute(key: JumpTarget, params: JumpParams): NativeRoute | null {
  // A key with a web page names its id parameter: without it the native screen has nothing to show.
  const idParam = JUMP_FALLBACK_ROUTES[key]?.param;
  if (idParam !== undefined && String(params[idParam] ?? '').trim() === '') return null;
  const jump = nativeJumpTarget(key, params);
  if (!jump) return null;
  const { key: _key, ...rest } = jump.payload;
  return { key, params: rest };
}

function communityShareRoute(query: URLSearchParams): NativeRoute | null {
  // trendId is the video trend id of older links; id is a feed (content) id.
  const trendId = queryValue(query, 'trendId');
  if (trendId) return { key: NATIVE_ROUTE.videoDetail, params: { id: trendId, source: VIDEO_TREND_SOURCE } };
  const id = queryValue(query, 'id');
  return id ? { key: NATIVE_ROUTE.feedDetail, params: { id, source: VIDEO_TREND_SOURCE } } : null;
}

function withId(query: URLSearchParams, name: string, build: (id: string) => NativeRoute | null) {
  const id = queryValue(query, name);
  return id ? build(id) : null;
}

/** Path (no trailing slash) and query of `url`; null when it is no URL or of another origin than `origin`. */
function pathAndQuery(url: string, origin?: string): { path: string; query: URLSearchParams } | null {
  let parsed: URL;
  let base: URL;
  try {
    base = new URL(origin ?? PLACEHOLDER_ORIGIN);
    parsed = new URL(url, base);
  } catch {
    return null; // not a URL at all: nothing to rewrite
  }
  if (origin !== undefined && parsed.origin !== base.origin) return null;
  const path = parsed.pathname.length > 1 ? parsed.pathname.replace(/\/+$/, '') : parsed.pathname;
  return { path, query: parsed.searchParams };
}

/**
 * The native screen a share link of ours opens inside the app (spec §2), or null for any other
 * URL. With `origin`, absolute URLs of another origin are left alone.
 */
export function rewriteSharePath(url: string, origin?: string): NativeRoute | null {
  const parts = pathAndQuery(url, origin);
  if (!parts) return null;
  const { path, query } = parts;
  switch (path) {
    case SHARE_PATHS.communityShare:
      return communityShareRoute(query);
    case SHARE_PATHS.column:
      return withId(query, 'postsId', (postsId) => nativeJumpRoute(JUMP_KEY.posts, { postsId }));
    case SHARE_PATHS.dongtai:
      return withId(query, 'tagId', (tagId) => nativeJumpRoute(JUMP_KEY.topic, { tagId }));
    case SHARE_PATHS.noteDetails:
      return withId(query, 'id', (id) => ({ key: NATIVE_ROUTE.feedDetail, params: { id } }));
    case SHARE_PATHS.userHomeShare:
      return withId(query, 'userId', (userId) => nativeJumpRoute(USER_DETAIL_JUMP, { userId }));
    default:
      return null;
  }
}

const FALLBACK_PAGES = Object.entries(JUMP_FALLBACK_ROUTES) as [string, { path: string; param: string }][];

/**
 * The native screen any link of ours opens inside the app: a share link (rewriteSharePath) or a
 * jump-table fallback page (`/community/topic?tagId=` is key 29, `/community/user?userId=` the
 * user screen, …), ids as the link's text. Null for pages without a native screen.
 */
export function nativeRouteOfUrl(url: string, origin?: string): NativeRoute | null {
  const shared = rewriteSharePath(url, origin);
  if (shared) return shared;
  const parts = pathAndQuery(url, origin);
  const page = parts && FALLBACK_PAGES.find(([, route]) => route.path === parts.path);
  if (!parts || !page) return null;
  const [name, { param }] = page;
  const id = queryValue(parts.query, param);
  if (!id) return null;
  // Numeric keys are object keys here, so back to numbers; the named ones stay text.
  const key = (/^\d+$/.test(name) ? Number(name) : name) as JumpTarget;
  return nativeJumpRoute(key, { [param]: id });
}

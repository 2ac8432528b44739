// The jump keys and the web page of each (spec §2): all a page needs to draw its jump links, so
// this much is in the first-load JS; the rest of the jump table loads with the bridge.

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
/**
 * The product jump (spec §2 "a product jump triggers an automatic deep-link jump"): no number
 * either; the app opens its product screen at once (`spuId`).
 */
export const PRODUCT_JUMP = 'productDetail';

/** A numeric native jump key. */
export type JumpKey = (typeof JUMP_KEY)[keyof typeof JUMP_KEY];
/** Anything the jump table can open. */
export type JumpTarget = JumpKey | typeof USER_DETAIL_JUMP | typeof PRODUCT_JUMP;
/** Jump parameters: ids (postsId, trendId, tagId, newsId, userId, spuId) or `url` for keys 5 and 28. */
export type JumpParams = Readonly<Record<string, string | number | undefined>>;

/** A page of ours and the query parameter that carries the id. */
export interface FallbackRoute {
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
  // A product has no page of its own here: its contents stand in for it.
  [PRODUCT_JUMP]: { path: '/community/new-commodity', param: 'spuId' },
};

/** The web page of a key that has one, with its id (`/community/user?userId=42`); null without the id. */
export function jumpPagePath(key: JumpTarget, params: JumpParams): string | null {
  const route = JUMP_FALLBACK_ROUTES[key];
  const id = String(params[route?.param ?? ''] ?? '').trim();
  return route && id !== '' ? `${route.path}?${route.param}=${encodeURIComponent(id)}` : null;
}

import { isInApp, jumpFallback, NATIVE_ROUTE, type NativeRoute, rewriteSharePath } from '@h5/core';
import { isDowngradeRequest } from '../lib/downgrade';

/** The landing a share path shows in the app while its native screen opens. */
export interface AppLanding {
  /** The page the link shows outside the app, offered in case the app does not navigate. */
  webPath: string;
}

// The ids our pages take (the web page answers anything else with its not-found).
const PAGE_ID = /^\d{1,10}$/;

function webPathOf(route: NativeRoute): string | null {
  if (route.key === NATIVE_ROUTE.feedDetail || route.key === NATIVE_ROUTE.videoDetail)
    return `/community/content/${route.params.id}`;
  return jumpFallback(route.key, route.params);
}

/**
 * Inside the app a share path of ours (spec §2: /note/details, /community-share, /column,
 * /dongtai, /user-home/share) opens its native screen (`rewriteSharePath`): the landing's data.
 * Null outside the app, in downgrade mode (the pure web path), for other paths and for ids the
 * web page would not take.
 */
export function appLanding(request: Request): AppLanding | null {
  if (!isInApp(request.headers.get('user-agent'))) return null;
  if (isDowngradeRequest(request.url, request.headers.get('cookie'))) return null;
  const route = rewriteSharePath(request.url);
  // Each share route's first parameter is its id (id, postsId, tagId, userId).
  const id = route ? Object.values(route.params)[0] : undefined;
  if (!route || !PAGE_ID.test(String(id))) return null;
  const webPath = webPathOf(route);
  return webPath ? { webPath } : null;
}

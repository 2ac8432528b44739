import { redirect } from 'react-router';
import { queryId } from '../../lib/query-id';
import { appLanding } from '../../share/app-landing';
import { ShareLanding } from '../../share/ShareLanding';
import { NotFound } from '../../shell/NotFound';
import type { Route } from './+types/content-jump';

/**
 * The id parameter each path names. Trends, posts (columns) and news are contents here, so their
 * jump fallbacks (spec §2: keys 3, 8, 4) and the content share paths all open the content detail.
 */
const ID_PARAMS: Readonly<Record<string, readonly string[]>> = {
  '/community/trend': ['trendId'],
  '/community/posts': ['postsId'],
  '/community/news': ['newsId'],
  '/community-share': ['id', 'trendId'],
  '/column': ['postsId'],
  '/note/details': ['id'],
};

/**
 * Sends a valid id on to `/community/content/:id`; anything else renders the not-found page.
 * Inside the app a share path lands on its native screen instead (issue 12).
 */
export function loader({ request }: Route.LoaderArgs) {
  const landing = appLanding(request);
  if (landing) return landing;
  const url = new URL(request.url);
  const path = url.pathname.replace(/\/+$/, '') || '/';
  for (const name of ID_PARAMS[path] ?? []) {
    const id = queryId(url, name);
    if (id !== null) throw redirect(`/community/content/${id}`);
  }
  return null;
}

export default function ContentJump({ loaderData }: Route.ComponentProps) {
  if (loaderData) return <ShareLanding webPath={loaderData.webPath} />;
  return <NotFound />;
}

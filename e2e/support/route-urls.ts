import routes from '../../apps/web/app/routes';

/**
 * One URL per route of apps/web/app/routes.ts (with seeded ids where it takes one), for the walks
 * over every route (accessibility, language): `routePaths()` against it fails when a route is
 * added without an entry here.
 */
export const ROUTE_URLS: Record<string, string> = {
  '/': '/',
  'community/feed': '/community/feed',
  'community/content/:contentId': '/community/content/1',
  'community/user': '/community/user?userId=1',
  'user-home/share': '/user-home/share?userId=1',
  'community/topic': '/community/topic?tagId=7',
  'community/hot-video': '/community/hot-video',
  'community/new-commodity': '/community/new-commodity',
  'community/following': '/community/following',
  'community/profile': '/community/profile',
  'community/messages': '/community/messages',
  'community/feed/following': '/community/feed/following',
  'community/publish': '/community/publish',
  dongtai: '/dongtai?tagId=6',
  'community/trend': '/community/trend?trendId=5',
  'community/posts': '/community/posts?postsId=3',
  'community/news': '/community/news?newsId=4',
  'community-share': '/community-share?id=4',
  column: '/column?postsId=3',
  'note/details': '/note/details?id=3',
  login: '/login',
  'feedback/accuse': '/feedback/accuse?targetType=content&targetId=1',
  'feedback/search-idea': '/feedback/search-idea?keyword=%E9%9E%8B',
  search: '/search?q=%E5%A4%8D%E5%8F%A4&tab=content',
  'internal/telemetry': '/internal/telemetry',
  'internal/analytics': '/internal/analytics',
  analytics: '/analytics',
  'internal/stand-in/:page': '/internal/stand-in/app-download?system=android',
  'internal/bridge': '/internal/bridge',
  'internal/upload': '/internal/upload',
  '__debug/render-error': '/__debug/render-error',
  'agreement/:doc': '/agreement/user',
  'creator/upgrade': '/creator/upgrade',
  'creator/video-account': '/creator/video-account',
  'creator/video-account/card': '/creator/video-account/card',
  'creator/data-center': '/creator/data-center',
  'creator/data-center/content/:contentId': '/creator/data-center/content/1',
  'live/lottery': '/live/lottery?lotteryId=1',
  'live/host': '/live/host?userRole=1&streamId=1',
  'live/fans-group': '/live/fans-group?streamId=1',
  'live/room': '/live/room?roomId=800001',
  'internal/live-console': '/internal/live-console',
  'h5-sociality/*': '/h5-sociality/520',
  'activity/new-year-ar': '/activity/new-year-ar',
  'commerce/commission': '/commerce/commission',
  'shoe-eval': '/shoe-eval',
  'shoe-eval/spu': '/shoe-eval/spu?spuId=1000001',
  'shoe-eval/evaluate': '/shoe-eval/evaluate?spuId=1000008',
  invite: '/invite',
  'invite/weekly': '/invite/weekly',
  'invite/landing': '/invite/landing?code=HAPPY258',
  'invite/tasks': '/invite/tasks',
  'activity/guide': '/activity/guide?activityId=520',
  'creator/pick-report': '/creator/pick-report',
  '*': '/no-such-page',
  // The backstage (issue 30): every visitor sees its login form; the admin's walk sees each page.
  backstage: '/backstage',
  'backstage/moderation/reports': '/backstage/moderation/reports',
  'backstage/moderation/contents': '/backstage/moderation/contents',
  'backstage/moderation/comments': '/backstage/moderation/comments',
  'backstage/moderation/bans': '/backstage/moderation/bans',
  'backstage/moderation/search-ideas': '/backstage/moderation/search-ideas',
  'backstage/picks': '/backstage/picks',
  'backstage/video-account-review': '/backstage/video-account-review',
  'backstage/staffing': '/backstage/staffing',
  'backstage/lotteries': '/backstage/lotteries',
  'backstage/lotteries/:lotteryId': '/backstage/lotteries/1',
  'backstage/windows': '/backstage/windows',
  'backstage/config': '/backstage/config',
  'backstage/audit': '/backstage/audit',
  'backstage/operators': '/backstage/operators',
  'backstage/jobs': '/backstage/jobs',
};

/** More screens of the same routes that draw differently: every content type, one product, the rank. */
export const EXTRA_URLS = [
  '/community/content/2',
  '/community/content/3',
  '/community/content/4',
  '/community/hot-video?tab=rank',
  '/community/new-commodity?spuId=1000001',
  '/agreement/privacy',
  '/h5-sociality/strange-encounters',
  '/h5-sociality/tanabata',
  '/h5-sociality/gravity/xinyin',
  '/invite/landing?code=NOSUCH99',
  '/invite/weekly?week=1',
];

type RouteEntry = (typeof routes)[number];

/** The route paths of routes.ts as the URL table keys them; a layout's routes are its children's. */
export function routePaths(list: readonly RouteEntry[] = routes): string[] {
  return list.flatMap((r) => (r.children ? routePaths(r.children) : [r.index ? '/' : (r.path ?? '')]));
}

/** The backstage's pages (issue 30): the walks see the login form; the operators' walk sees each page. */
export const BACKSTAGE_URLS = Object.entries(ROUTE_URLS)
  .filter(([path]) => path.startsWith('backstage'))
  .map(([, url]) => url);

/** Every URL of the walks: one per route, then the extra screens. */
export const WALK_URLS = [...Object.values(ROUTE_URLS), ...EXTRA_URLS];

// Issue 28 point 7: a page whose data or code did not arrive keeps its own title in the
// network-failure screen (NetworkFailure.tsx), not the site's: the reader still knows where the
// tap was going, and the retry goes there again. Only with the failure screen's chunk.
import { DETAIL_TEXT } from '../lib/ui-text/detail';
import { SHELL_TEXT } from '../lib/ui-text/shell';
import { SOCIAL_TEXT } from '../lib/ui-text/social';

// The pages a reader reaches by a tap (the feed's cards and tabs, authors, topics, shares), by
// path, with the title their header shows; any other page keeps the site's title.
const TITLES: readonly (readonly [RegExp, string])[] = [
  [
    /^\/(community\/(content\/\d+|trend|posts|news)|community-share|column|note\/details)\/?$/,
    DETAIL_TEXT.title,
  ],
  [/^\/community\/hot-video\/?$/, SOCIAL_TEXT.hotVideo],
  [/^\/community\/new-commodity\/?$/, SOCIAL_TEXT.newCommodity],
  [/^\/(community\/user|user-home\/share)\/?$/, SOCIAL_TEXT.userHome],
  [/^\/(community\/topic|dongtai)\/?$/, SOCIAL_TEXT.topic],
  [/^\/community\/following\/?$/, SOCIAL_TEXT.myFollowing],
];

/** The header title of the page at `pathname`, for its failure screen: 内容详情 for a content. */
export function failedPageTitle(pathname: string): string {
  return TITLES.find(([path]) => path.test(pathname))?.[1] ?? SHELL_TEXT.siteTitle;
}

import { contract } from '@h5/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { registerEndpoint } from '../../plugins/register-endpoint';
import { searchContents } from './content-search';
import { clearRecents, listRecents, recordRecent } from './recents';
import { searchProducts, searchTopics, suggest } from './search';
import { searchUsers } from './user-search';

/** Search (issue 32 point 2): the result tabs and suggestions read `deps.reads`; recents the primary. */
export function registerSearchRoutes(app: FastifyInstance, deps: AppDeps) {
  const { reads, db } = deps;
  const calls = contract.search;
  /** A signed-in caller's first page of a tab is a search they made: it joins their recents. */
  const remember = async (viewerId: number | null, keyword: string, lastId: string | undefined) => {
    if (viewerId !== null && !lastId) await recordRecent(db, viewerId, keyword);
  };
  registerEndpoint(app, deps, calls.searchContents, async ({ keyword, ...page }, { viewerId }) => {
    await remember(viewerId, keyword, page.lastId);
    return searchContents(reads, keyword, page, viewerId);
  });
  registerEndpoint(app, deps, calls.searchUsers, async ({ keyword, ...page }, { viewerId }) => {
    await remember(viewerId, keyword, page.lastId);
    return searchUsers(reads, keyword, page);
  });
  registerEndpoint(app, deps, calls.searchTopics, async ({ keyword, ...page }, { viewerId }) => {
    await remember(viewerId, keyword, page.lastId);
    return searchTopics(reads, keyword, page);
  });
  registerEndpoint(app, deps, calls.searchProducts, async ({ keyword, ...page }, { viewerId }) => {
    await remember(viewerId, keyword, page.lastId);
    return searchProducts(reads, keyword, page);
  });
  registerEndpoint(app, deps, calls.searchSuggest, async ({ keyword }) => ({
    list: await suggest(reads, keyword),
  }));
  registerEndpoint(app, deps, calls.searchRecents, async (_input, { viewerId }) => ({
    list: await listRecents(db, viewerId),
  }));
  registerEndpoint(app, deps, calls.searchRecentsClear, async (_input, { viewerId }) => {
    await clearRecents(db, viewerId);
    return {};
  });
}

import { contract, type FeedPage } from '@h5/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { registerEndpoint } from '../../plugins/register-endpoint';
import { cardsPage, keysetAfter, NO_VIEWER } from './cards';
import { contentDetail } from './detail';
import { type ContentQueries, createContentQueries } from './queries';

/** The recommend feed: newest first, keyset-paged by the opaque `lastId`. */
export async function feedPage(
  queries: ContentQueries,
  input: { lastId?: string | undefined; limit: number },
  viewerId: number | null,
): Promise<FeedPage> {
  const rows = await queries.feedPage.execute({
    viewerId: viewerId ?? NO_VIEWER,
    ...keysetAfter(input.lastId),
    limit: input.limit + 1,
  });
  return cardsPage(rows, input.limit);
}

export function registerContentRoutes(app: FastifyInstance, deps: AppDeps) {
  const queries = createContentQueries(deps.db);
  registerEndpoint(app, deps, contract.content.moreRecommend, (input, { user }) =>
    feedPage(queries, input, user?.userId ?? null),
  );
  // The version and video-flag headers are accepted but change nothing: one shape serves all.
  registerEndpoint(app, deps, contract.content.contentDetail, ({ contentId }, { user }) =>
    contentDetail(deps.db, contentId, user?.userId ?? null),
  );
  registerEndpoint(app, deps, contract.content.selfContentDetail, ({ contentId }, { user }) => {
    const userId = (user as { userId: number }).userId;
    return contentDetail(deps.db, contentId, userId, { ownerId: userId });
  });
  registerEndpoint(app, deps, contract.content.trendDetail, ({ trendId }, { user }) =>
    contentDetail(deps.db, trendId, user?.userId ?? null),
  );
}

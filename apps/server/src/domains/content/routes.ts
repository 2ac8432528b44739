import { contract } from '@h5/contract';
import { CONTENT_DETAIL_HEADER_VERSION, CONTENT_TYPE, meetsVersion } from '@h5/core';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { badRequest } from '../../plugins/errors';
import { registerEndpoint } from '../../plugins/register-endpoint';
import { createFollowQueries } from '../community/follow-queries';
import { contentDetail } from './detail';
import { rankedPage } from './feed-pages';
import { hotVideoRank, lzInfo, newCommodityPage, tagTopDetail } from './feeds';
import { CONTENT_MESSAGES } from './messages';
import { createContentQueries } from './queries';

export function registerContentRoutes(app: FastifyInstance, deps: AppDeps) {
  const queries = createContentQueries(deps.db);
  const followQueries = createFollowQueries(deps.db);
  const calls = contract.content;
  registerEndpoint(app, deps, calls.moreRecommend, (input, { user }) =>
    rankedPage(queries, input, user?.userId ?? null),
  );
  registerEndpoint(app, deps, calls.hotVideoList, (input, { user }) =>
    rankedPage(queries, input, user?.userId ?? null, CONTENT_TYPE.Video),
  );
  registerEndpoint(app, deps, calls.hotVideoRank, async ({ limit }, { user }) => ({
    list: await hotVideoRank(deps.db, limit, user?.userId ?? null),
  }));
  registerEndpoint(app, deps, calls.newCommodityContents, (input, { user }) =>
    newCommodityPage(deps.db, input, user?.userId ?? null),
  );
  registerEndpoint(app, deps, calls.evaluationTopDetail, ({ tagId }, { user }) =>
    tagTopDetail(deps.db, tagId, user?.userId ?? null),
  );
  registerEndpoint(app, deps, calls.memeLzinfo, ({ contentId }, { user }) =>
    lzInfo(deps.db, followQueries, contentId, user?.userId ?? null),
  );
  // `version` names the detail format the caller reads (spec §7); this server answers the 4.83.0
  // format only, so an older reader is refused rather than handed what it cannot read.
  registerEndpoint(app, deps, contract.content.contentDetail, ({ contentId }, { user, headers }) => {
    const version = String(headers.version);
    if (!meetsVersion(version, CONTENT_DETAIL_HEADER_VERSION)) {
      throw badRequest('version', CONTENT_MESSAGES.versionTooOld(CONTENT_DETAIL_HEADER_VERSION, version));
    }
    return contentDetail(deps.db, contentId, user?.userId ?? null);
  });
  registerEndpoint(app, deps, contract.content.selfContentDetail, ({ contentId }, { user }) => {
    const userId = (user as { userId: number }).userId;
    return contentDetail(deps.db, contentId, userId, { ownerId: userId });
  });
  registerEndpoint(app, deps, contract.content.trendDetail, ({ trendId }, { user }) =>
    contentDetail(deps.db, trendId, user?.userId ?? null),
  );
}

import { contract } from '@h5/contract';
import { CONTENT_DETAIL_HEADER_VERSION, CONTENT_TYPE, meetsVersion } from '@h5/core';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { badRequest } from '../../plugins/errors';
import { registerEndpoint } from '../../plugins/register-endpoint';
import { createFollowQueries } from '../community/follow-queries';
import { contentDetail, readerDetail } from './detail';
import { rankedPage, readerRankedPage } from './feed-pages';
import {
  followingFeedPage,
  hotVideoRank,
  lzInfo,
  newCommodityPage,
  tagContentsPage,
  tagTopDetail,
} from './feeds';
import { CONTENT_MESSAGES } from './messages';
import { publishContent } from './publish';
import { createContentQueries } from './queries';
import { contentReviewPage, decideFromBackstage } from './review';

/**
 * The content domain's public reads (feeds, details, 楼主): every one through `deps.reads`; and
 * publishing with its review (issue 32), on the primary.
 */
export function registerContentRoutes(app: FastifyInstance, deps: AppDeps) {
  const { reads } = deps;
  const queries = createContentQueries(reads);
  const videoQueries = createContentQueries(reads, CONTENT_TYPE.Video);
  const followQueries = createFollowQueries(deps.db, reads);
  const calls = contract.content;
  // A reader's page of a shared read: the visitors' cached answer and one statement of their own.
  registerEndpoint(
    app,
    deps,
    calls.moreRecommend,
    (input, { viewerId }) => rankedPage(queries, input, viewerId),
    {
      reader: (shared, input, { viewerId }) => readerRankedPage(queries, shared, input, viewerId as number),
    },
  );
  registerEndpoint(app, deps, calls.followingFeed, (input, { viewerId }) =>
    followingFeedPage(reads, viewerId, input),
  );
  registerEndpoint(
    app,
    deps,
    calls.hotVideoList,
    (input, { viewerId }) => rankedPage(videoQueries, input, viewerId),
    {
      reader: (shared, input, { viewerId }) =>
        readerRankedPage(videoQueries, shared, input, viewerId as number),
    },
  );
  registerEndpoint(app, deps, calls.hotVideoRank, async ({ limit }, { viewerId }) => ({
    list: await hotVideoRank(reads, limit, viewerId),
  }));
  registerEndpoint(app, deps, calls.newCommodityContents, (input, { viewerId }) =>
    newCommodityPage(reads, input, viewerId),
  );
  registerEndpoint(app, deps, calls.tagContents, ({ tagId, ...page }, { viewerId }) =>
    tagContentsPage(reads, tagId, page, viewerId),
  );
  registerEndpoint(app, deps, calls.evaluationTopDetail, ({ tagId }, { viewerId }) =>
    tagTopDetail(reads, tagId, viewerId),
  );
  registerEndpoint(app, deps, calls.memeLzinfo, ({ contentId }, { viewerId }) =>
    lzInfo(reads, followQueries, contentId, viewerId),
  );
  // `version` names the detail format the caller reads (spec §7); this server answers the 4.83.0
  // format only, so an older reader is refused rather than handed what it cannot read.
  registerEndpoint(
    app,
    deps,
    contract.content.contentDetail,
    ({ contentId }, { viewerId, headers }) => {
      const version = String(headers.version);
      if (!meetsVersion(version, CONTENT_DETAIL_HEADER_VERSION)) {
        throw badRequest('version', CONTENT_MESSAGES.versionTooOld(CONTENT_DETAIL_HEADER_VERSION, version));
      }
      return contentDetail(reads, contentId, viewerId);
    },
    {
      reader: (shared, _input, { viewerId }) => readerDetail(reads, shared, viewerId as number),
    },
  );
  registerEndpoint(app, deps, contract.content.selfContentDetail, ({ contentId }, { viewerId }) =>
    contentDetail(reads, contentId, viewerId, { ownerId: viewerId }),
  );
  registerEndpoint(app, deps, contract.content.trendDetail, ({ trendId }, { viewerId }) =>
    contentDetail(reads, trendId, viewerId),
  );
  registerEndpoint(app, deps, calls.publish, (input, { viewerId }) => publishContent(deps, viewerId, input));
  registerEndpoint(app, deps, calls.contentReviews, (input) => contentReviewPage(deps.db, input));
  registerEndpoint(app, deps, calls.contentReviewDecide, (input, { operator }) =>
    decideFromBackstage(deps.db, operator, input),
  );
}

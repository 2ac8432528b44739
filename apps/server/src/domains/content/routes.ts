import { contract, type FeedCard, type FeedPage } from '@h5/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { registerEndpoint } from '../../plugins/register-endpoint';
import { decodeCursor, encodeCursor } from './cursor';
import { contentDetail } from './detail';
import { type ContentQueries, createContentQueries, FEED_START, NO_VIEWER } from './queries';

type FeedRow = Awaited<ReturnType<ContentQueries['feedPage']['execute']>>[number];

function toCard(row: FeedRow): FeedCard {
  return {
    contentId: row.contentId,
    contentType: row.contentType as FeedCard['contentType'],
    title: row.title,
    cover:
      row.coverUrl && row.coverWidth && row.coverHeight
        ? { url: row.coverUrl, width: row.coverWidth, height: row.coverHeight }
        : null,
    videoDuration: row.videoDuration,
    author: { userId: row.authorId, userName: row.authorName, avatar: row.authorAvatar },
    lightCount: row.lightCount,
    isLight: row.isLight === true,
  };
}

/** The recommend feed: newest first, keyset-paged by the opaque `lastId`. */
export async function feedPage(
  queries: ContentQueries,
  input: { lastId?: string | undefined; limit: number },
  viewerId: number | null,
): Promise<FeedPage> {
  const cursor = input.lastId ? decodeCursor(input.lastId) : null;
  const rows = await queries.feedPage.execute({
    viewerId: viewerId ?? NO_VIEWER,
    beforeAt: cursor ? new Date(cursor.createdAtMs).toISOString() : FEED_START.beforeAt,
    beforeId: cursor ? cursor.id : FEED_START.beforeId,
    limit: input.limit + 1,
  });
  const hasMore = rows.length > input.limit;
  const page = hasMore ? rows.slice(0, input.limit) : rows;
  const last = page.at(-1);
  return {
    list: page.map(toCard),
    lastId:
      hasMore && last ? encodeCursor({ createdAtMs: last.createdAt.getTime(), id: last.contentId }) : null,
    hasMore,
  };
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

import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contentLights, contents, users } from '../../db/schema';

/** No viewer: the isLight subquery matches nothing. */
export const NO_VIEWER = -1;
/** Before every row: the first page's keyset bound. */
export const FEED_START = { beforeAt: 'infinity', beforeId: 2_147_483_647 } as const;

/** Prepared statements of the content domain. */
export function createContentQueries(db: Db) {
  return {
    /** One page of the recommend feed: cards, author join and the viewer's light in one query. */
    feedPage: db
      .select({
        contentId: contents.id,
        contentType: contents.contentType,
        title: contents.title,
        coverUrl: contents.coverUrl,
        coverWidth: contents.coverWidth,
        coverHeight: contents.coverHeight,
        videoDuration: contents.videoDuration,
        lightCount: contents.lightCount,
        createdAt: contents.createdAt,
        authorId: users.id,
        authorName: users.userName,
        authorAvatar: users.avatar,
        isLight: sql<boolean>`exists (select 1 from ${contentLights} where ${contentLights.userId} = ${sql.placeholder('viewerId')} and ${contentLights.contentId} = ${contents.id})`,
      })
      .from(contents)
      .innerJoin(users, eq(users.id, contents.authorId))
      .where(
        sql`(${contents.createdAt}, ${contents.id}) < (${sql.placeholder('beforeAt')}::timestamptz, ${sql.placeholder('beforeId')}::integer)`,
      )
      .orderBy(desc(contents.createdAt), desc(contents.id))
      .limit(sql.placeholder('limit'))
      .prepare('feed_more_recommend'),
  };
}

export type ContentQueries = ReturnType<typeof createContentQueries>;

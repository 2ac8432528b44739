import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contents, users } from '../../db/schema';
import { feedCardColumns } from './cards';

/** Prepared statements of the content domain. */
export function createContentQueries(db: Db) {
  return {
    /** One page of the recommend feed: cards, author join and the viewer's light in one query. */
    feedPage: db
      .select(feedCardColumns(sql.placeholder('viewerId')))
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

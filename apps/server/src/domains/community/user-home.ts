import type { FeedPage } from '@h5/contract';
import { desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contents, users } from '../../db/schema';
import { cardsPage, feedCardColumns, keysetAfter, NO_VIEWER } from '../content/cards';

interface PageInput {
  lastId?: string | undefined;
  limit: number;
}

/**
 * One page of feed cards matching `filter` (a user's contents, a category), in the feed's
 * order and with its cursor, so the user home and the topic page draw the same FeedCard.
 */
export async function filteredFeedPage(
  db: Db,
  filter: SQL,
  input: PageInput,
  viewerId: number | null,
): Promise<FeedPage> {
  const { beforeAt, beforeId } = keysetAfter(input.lastId);
  const rows = await db
    .select(feedCardColumns(viewerId ?? NO_VIEWER))
    .from(contents)
    .innerJoin(users, eq(users.id, contents.authorId))
    .where(
      sql`${filter} and (${contents.createdAt}, ${contents.id}) < (${beforeAt}::timestamptz, ${beforeId}::integer)`,
    )
    .orderBy(desc(contents.createdAt), desc(contents.id))
    .limit(input.limit + 1);
  return cardsPage(rows, input.limit);
}

/** A user's contents, newest first. */
export const userContentsPage = (db: Db, userId: number, input: PageInput, viewerId: number | null) =>
  filteredFeedPage(db, sql`${contents.authorId} = ${userId}`, input, viewerId);

/** A topic's contents: a tag id is a content category (contents carry no tags). */
export const tagContentsPage = (db: Db, tagId: number, input: PageInput, viewerId: number | null) =>
  filteredFeedPage(db, sql`${contents.category} = ${tagId}`, input, viewerId);

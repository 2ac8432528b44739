import type { PageQuery } from '@h5/contract';
import { sql } from 'drizzle-orm';
import type { ReadDb } from '../../db/client';
import { contents } from '../../db/schema';
import { filteredFeedPage } from '../content/feed-pages';
import { contentVisibleTo } from '../content/visible';

/** A user's contents, newest first; on their own home also those under review, with the state. */
export const userContentsPage = (db: ReadDb, userId: number, input: PageQuery, viewerId: number | null) =>
  filteredFeedPage(db, sql`${contents.authorId} = ${userId}`, input, viewerId, contentVisibleTo(viewerId));

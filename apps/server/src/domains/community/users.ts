import { randomInt } from 'node:crypto';
import type { FollowingUser, PageQuery, UserHashId } from '@h5/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, ReadDb } from '../../db/client';
import { pageFrom, rowsToRead, timeKeyset } from '../../db/keyset';
import { follows, userCounts, userHashIds, users } from '../../db/schema';
import { notFound } from '../../plugins/errors';
import { COMMUNITY_MESSAGES } from './messages';

const HASH_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 62^10 ≈ 8·10^17 ids: a guess hits a user about never. */
const HASH_LENGTH = 10;

const randomHash = () => Array.from({ length: HASH_LENGTH }, () => HASH_ALPHABET[randomInt(62)]).join('');

/** Follows, latest first. */
const latestFollows = timeKeyset(follows.createdAt, follows.followeeId);

/** The users `followerId` follows, latest follow first, keyset-paged on (followed at, user id). */
export async function specialListPage(db: ReadDb, followerId: number, input: PageQuery) {
  const rows = await db
    .select({
      userId: users.id,
      userName: users.userName,
      avatar: users.avatar,
      followedAt: follows.createdAt,
      contentCount: sql<number>`coalesce(${userCounts.shownContents}, 0)`,
    })
    .from(follows)
    .innerJoin(users, eq(users.id, follows.followeeId))
    .leftJoin(userCounts, eq(userCounts.userId, follows.followeeId))
    .where(and(eq(follows.followerId, followerId), latestFollows.after(input.lastId)))
    .orderBy(...latestFollows.orderBy)
    .limit(rowsToRead(input));
  const page = pageFrom(rows, input.limit, (row) => latestFollows.cursor(row.followedAt, row.userId));
  return {
    ...page,
    list: page.list.map((row): FollowingUser => ({ ...row, followedAt: row.followedAt.getTime() })),
  };
}

/** A user's hash id, made on first ask; concurrent first asks agree on the one stored. */
export async function hashIdOf(db: Db, userId: number): Promise<UserHashId> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound(COMMUNITY_MESSAGES.userNotFound);
  for (;;) {
    const [existing] = await db.select().from(userHashIds).where(eq(userHashIds.userId, userId));
    if (existing) return existing;
    // A clash on hash_id (another user's) leaves no row: the loop draws again.
    await db.insert(userHashIds).values({ userId, hashId: randomHash() }).onConflictDoNothing();
  }
}

/** The user behind a hash id. */
export async function userOfHashId(db: ReadDb, hashId: string): Promise<UserHashId> {
  const [row] = await db.select().from(userHashIds).where(eq(userHashIds.hashId, hashId));
  if (!row) throw notFound(COMMUNITY_MESSAGES.userNotFound);
  return row;
}

import { and, eq, sql } from 'drizzle-orm';
import type { Db, ReadDb } from '../../db/client';
import { follows, userCounts, users } from '../../db/schema';
import { notify } from '../message/notify';

/**
 * Reads and writes of the follows table (the follow calls and the user home): the user home's
 * profile through `reads` (a replica may serve it), the follow calls' reads and writes through `db`.
 */
export function createFollowQueries(db: Db, reads: ReadDb = db) {
  const followerCount = async (userId: number): Promise<number> => {
    const [row] = await db
      .select({ n: userCounts.followers })
      .from(userCounts)
      .where(eq(userCounts.userId, userId));
    return row?.n ?? 0;
  };
  return {
    followerCount,
    /** True when the user exists. */
    userExists: async (userId: number): Promise<boolean> => {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
      return row !== undefined;
    },
    /**
     * Adds the pair; a second (or concurrent) follow hits the primary key and changes nothing. A
     * new pair tells the followee in the same transaction (a refollow finds its message's key).
     */
    follow: (followerId: number, followeeId: number) =>
      db.transaction(async (tx) => {
        const added = await tx
          .insert(follows)
          .values({ followerId, followeeId })
          .onConflictDoNothing()
          .returning({ id: follows.followerId });
        if (added.length > 0)
          await notify(tx, { kind: 'follow', recipientId: followeeId, actorId: followerId });
      }),
    unfollow: (followerId: number, followeeId: number) =>
      db.delete(follows).where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId))),
    /**
     * The user home's header: the user, their counts (user_counts, kept by triggers: migration
     * 0043) and whether `viewerId` follows them.
     */
    profile: async (userId: number, viewerId: number | null) => {
      // Qualified by hand: in a one-table select Drizzle writes users.id as a bare "id".
      const outerUserId = sql.raw('"users"."id"');
      const [row] = await reads
        .select({
          userId: users.id,
          userName: users.userName,
          avatar: users.avatar,
          followerCount: sql<number>`coalesce(${userCounts.followers}, 0)`,
          followingCount: sql<number>`coalesce(${userCounts.following}, 0)`,
          contentCount: sql<number>`coalesce(${userCounts.shownContents}, 0)`,
          isFollowing: sql<boolean>`exists (select 1 from ${follows} where ${follows.followerId} = ${viewerId ?? -1} and ${follows.followeeId} = ${outerUserId})`,
        })
        .from(users)
        .leftJoin(userCounts, eq(userCounts.userId, users.id))
        .where(eq(users.id, userId));
      return row;
    },
  };
}

export type FollowQueries = ReturnType<typeof createFollowQueries>;

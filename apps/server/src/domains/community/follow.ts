import type { FollowState } from '@h5/contract';
import { BAD_REQUEST } from '@h5/core';
import type { ReadDb } from '../../db/client';
import { AppError, notFound } from '../../plugins/errors';
import { takenDownNotices } from '../content/visible';
import type { FollowQueries } from './follow-queries';
import { COMMUNITY_MESSAGES } from './messages';

/** Follows (or unfollows) `followeeId` for `followerId`; idempotent, refuses oneself and unknown users. */
export async function setFollow(
  queries: FollowQueries,
  followerId: number,
  followeeId: number,
  follow: boolean,
): Promise<FollowState> {
  if (followerId === followeeId) throw new AppError(BAD_REQUEST, COMMUNITY_MESSAGES.followSelf);
  if (!(await queries.userExists(followeeId))) throw notFound(COMMUNITY_MESSAGES.userNotFound);
  if (follow) await queries.follow(followerId, followeeId);
  else await queries.unfollow(followerId, followeeId);
  return { userId: followeeId, isFollowing: follow, followerCount: await queries.followerCount(followeeId) };
}

/** A user's home header: profile, counts, and how the viewer relates to them. */
export async function userProfile(
  queries: FollowQueries,
  reads: ReadDb,
  userId: number,
  viewerId: number | null,
) {
  const isSelf = viewerId === userId;
  const [row, takenDown] = await Promise.all([
    queries.profile(userId, viewerId),
    // Only the author reads why their contents were taken down (issue 30 point 3).
    isSelf ? takenDownNotices(reads, userId) : [],
  ]);
  if (!row) throw notFound(COMMUNITY_MESSAGES.userNotFound);
  return { ...row, isFollowing: row.isFollowing === true, isSelf, takenDown };
}

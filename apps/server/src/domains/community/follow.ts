import { contract, type FollowState } from '@h5/contract';
import { BAD_REQUEST } from '@h5/core';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { AppError, notFound } from '../../plugins/errors';
import { registerEndpoint } from '../../plugins/register-endpoint';
import { createFollowQueries, type FollowQueries } from './follow-queries';
import { COMMUNITY_MESSAGES } from './messages';
import { userContentsPage } from './user-home';

/** Follows (or unfollows) `followeeId` for `followerId`; idempotent, refuses oneself and unknown users. */
async function setFollow(
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

/** follow/add, createRelation, the user home (profile and contents) and the topic contents. */
export function registerFollowRoutes(app: FastifyInstance, deps: AppDeps): void {
  const queries = createFollowQueries(deps.db);
  const calls = contract.community;

  registerEndpoint(app, deps, calls.followAdd, ({ userId, follow }, { viewerId }) =>
    setFollow(queries, viewerId, userId, follow),
  );
  registerEndpoint(app, deps, calls.createRelation, ({ userId }, { viewerId }) =>
    setFollow(queries, viewerId, userId, true),
  );
  registerEndpoint(app, deps, calls.uhomepageProfile, async ({ userId }, { viewerId }) => {
    const row = await queries.profile(userId, viewerId);
    if (!row) throw notFound(COMMUNITY_MESSAGES.userNotFound);
    return { ...row, isFollowing: row.isFollowing === true, isSelf: viewerId === userId };
  });
  registerEndpoint(app, deps, calls.uhomepageContents, ({ userId, ...page }, { viewerId }) =>
    userContentsPage(deps.db, userId, page, viewerId),
  );
}

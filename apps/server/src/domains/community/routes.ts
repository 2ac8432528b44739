import { contract } from '@h5/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { registerEndpoint } from '../../plugins/register-endpoint';
import { setFollow, userProfile } from './follow';
import { createFollowQueries } from './follow-queries';
import { setLight } from './lights';
import { addReply, childPage, deleteReply, readerReplyPage, replyPage } from './replies';
import { createReplyQueries } from './replies-queries';
import { userContentsPage } from './user-home';
import { hashIdOf, specialListPage, userOfHashId } from './users';

/**
 * The community domain: lights, replies (comments), follows and relations, followings and hash
 * ids. Writes, and the reads of a call that writes, through `deps.db`; the lists and the user
 * home through `deps.reads`.
 */
export function registerCommunityRoutes(app: FastifyInstance, deps: AppDeps): void {
  const calls = contract.community;

  // add-content-light and del-content-light (spec §4: the page picks one by isLight).
  registerEndpoint(app, deps, calls.addContentLight, ({ contentId }, { viewerId }) =>
    setLight(deps.db, viewerId, contentId, true),
  );
  registerEndpoint(app, deps, calls.delContentLight, ({ contentId }, { viewerId }) =>
    setLight(deps.db, viewerId, contentId, false),
  );

  // Issue 6: reply-list, full-reply-list, the emoji mapping, posting and deleting replies.
  const replies = createReplyQueries(deps.db, deps.reads);
  registerEndpoint(
    app,
    deps,
    calls.replyList,
    ({ contentId, ...page }, { viewerId }) => replyPage(replies, contentId, page, viewerId),
    {
      reader: (shared, { contentId, ...page }, { viewerId }) =>
        readerReplyPage(replies, shared, contentId, page, viewerId as number),
    },
  );
  registerEndpoint(app, deps, calls.fullReplyList, ({ replyId, ...page }, { viewerId }) =>
    childPage(replies, replyId, page, viewerId),
  );
  registerEndpoint(app, deps, calls.emojiList, async () => ({ list: await replies.emojiList() }));
  registerEndpoint(app, deps, calls.replyAdd, (input, { viewerId }) =>
    addReply(deps.db, replies, viewerId, input),
  );
  registerEndpoint(app, deps, calls.replyDelete, ({ replyId }, { viewerId }) =>
    deleteReply(deps.db, replies, viewerId, replyId),
  );

  // follow/add, createRelation, the user home (profile and contents).
  const follows = createFollowQueries(deps.db, deps.reads);
  registerEndpoint(app, deps, calls.followAdd, ({ userId, follow }, { viewerId }) =>
    setFollow(follows, viewerId, userId, follow),
  );
  registerEndpoint(app, deps, calls.createRelation, ({ userId }, { viewerId }) =>
    setFollow(follows, viewerId, userId, true),
  );
  registerEndpoint(app, deps, calls.uhomepageProfile, ({ userId }, { viewerId }) =>
    userProfile(follows, deps.reads, userId, viewerId),
  );
  registerEndpoint(app, deps, calls.uhomepageContents, ({ userId, ...page }, { viewerId }) =>
    userContentsPage(deps.reads, userId, page, viewerId),
  );

  // special-list (the caller's followings) and hashId.
  registerEndpoint(app, deps, calls.specialList, (input, { viewerId }) =>
    specialListPage(deps.reads, viewerId, input),
  );
  registerEndpoint(app, deps, calls.hashId, ({ userId, hashId }) =>
    userId !== undefined ? hashIdOf(deps.db, userId) : userOfHashId(deps.reads, hashId as string),
  );
}

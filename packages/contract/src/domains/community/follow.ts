import { z } from 'zod';
import { endpoint } from '../../endpoint';
import { idSchema, pageOf, pageQuerySchema } from '../../shared';
import { feedPageSchema } from '../content/details';

const domain = 'community';

/** A user id as the live module sends it: an integer, or a numeric string from older pages. */
const userIdSchema = idSchema;

/** The caller's relation to a user after a follow call. */
export const followStateSchema = z.object({
  userId: z.number().int(),
  isFollowing: z.boolean(),
  followerCount: z.number().int().nonnegative(),
});
export type FollowState = z.infer<typeof followStateSchema>;

/** The header of a user's home: who they are, their counts and whether the caller follows them. */
export const userProfileSchema = z.object({
  userId: z.number().int(),
  userName: z.string(),
  avatar: z.string(),
  followerCount: z.number().int().nonnegative(),
  followingCount: z.number().int().nonnegative(),
  contentCount: z.number().int().nonnegative(),
  isFollowing: z.boolean(),
  /** True when the caller looks at their own home (no follow button). */
  isSelf: z.boolean(),
  /**
   * The caller's own contents moderation took down, newest first, with the reason (issue 30
   * point 3); always empty on someone else's home.
   */
  takenDown: z
    .array(z.object({ contentId: z.number().int(), title: z.string(), reason: z.string(), at: z.string() }))
    .default([]),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

// Issue 6: the community calls of this part (follow); exported through `community` in ./index.ts.
export const communityFollow = {
  /**
   * Follow a user (spec §7). `follow: false` unfollows: the spec has no unfollow call, so the
   * same call takes an optional flag (default true). Idempotent both ways.
   */
  followAdd: endpoint({
    domain,
    method: 'POST',
    path: '/sns-user-biz/v1/h5/follow/add',
    auth: 'login',
    speech: true,
    request: z.object({ userId: userIdSchema, follow: z.boolean().default(true) }),
    response: followStateSchema,
  }),
  /** Creates the caller's follow relation to `userId` (spec §7); idempotent, never removes one. */
  createRelation: endpoint({
    domain,
    method: 'POST',
    path: '/sns-user-biz/v1/common/mapi/users/createRelation',
    auth: 'login',
    speech: true,
    request: z.object({ userId: userIdSchema }),
    response: followStateSchema,
  }),
  /** A user's contents, newest first, keyset-paged by `lastId` (spec §7). */
  uhomepageContents: endpoint({
    domain,
    method: 'GET',
    path: '/sns-rec/v1/common/h5/uhomepage/contents',
    auth: 'common',
    visitorCache: true,
    request: z.object({
      userId: userIdSchema,
      ...pageQuerySchema.shape,
    }),
    response: feedPageSchema,
  }),
  /** Not in the spec: the user home's header, in the same family as its contents. */
  uhomepageProfile: endpoint({
    domain,
    method: 'GET',
    path: '/sns-rec/v1/common/h5/uhomepage/profile',
    auth: 'common',
    request: z.object({ userId: userIdSchema }),
    response: userProfileSchema,
  }),
} as const;

/** A user the caller follows, as the special list shows them. */
export const followingUserSchema = z.object({
  userId: z.number().int(),
  userName: z.string(),
  avatar: z.string(),
  contentCount: z.number().int().nonnegative(),
  /** Epoch milliseconds. */
  followedAt: z.number().int(),
});
export type FollowingUser = z.infer<typeof followingUserSchema>;

/** A user's public hash id and their numeric id. */
export const userHashIdSchema = z.object({ userId: z.number().int(), hashId: z.string() });
export type UserHashId = z.infer<typeof userHashIdSchema>;

/** A public hash id: letters and digits only. */
export const HASH_ID_PATTERN = /^[0-9A-Za-z]{6,16}$/;

// Issue 6: the caller's followings and the hash ids of share links.
export const communityUsers = {
  /** The users the caller follows (special list, spec §7), latest follow first. */
  specialList: endpoint({
    domain,
    method: 'GET',
    path: '/sns-user-center/v1/h5/user/special-list',
    auth: 'login',
    request: pageQuerySchema,
    response: pageOf(followingUserSchema),
  }),
  /**
   * A user's hash id (spec §7) from `userId`, or the user back from `hashId`: exactly one of the
   * two. Share links carry the hash id, so numeric ids are not exposed or enumerable.
   */
  hashId: endpoint({
    domain,
    method: 'GET',
    path: '/sns-user-biz/v1/common/h5/hashId',
    auth: 'common',
    request: z
      .object({ userId: userIdSchema.optional(), hashId: z.string().regex(HASH_ID_PATTERN).optional() })
      .refine((q) => (q.userId === undefined) !== (q.hashId === undefined), {
        message: 'give exactly one of userId and hashId',
        path: ['userId'],
      }),
    response: userHashIdSchema,
  }),
} as const;

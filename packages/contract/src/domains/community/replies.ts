import { z } from 'zod';
import { endpoint } from '../../endpoint';
import { idSchema, pageOf, pageQuerySchema, requestIdSchema, userBriefSchema } from '../../shared';

const domain = 'community';

/** Longest comment text in characters (the spec leaves it open; docs/api.md). */
export const REPLY_MAX_LENGTH = 500;
/** How many child replies a top-level reply carries in reply-list (the rest: full-reply-list). */
export const REPLY_CHILD_PREVIEW = 2;
/** The refusal codes of the comment calls (docs/api.md). */
export const REPLY_CODES = {
  /** Deleting someone else's reply. */
  notOwned: 4201,
  /** A post's requestId already used for a different comment. */
  requestIdReused: 4202,
} as const;

/** One comment: its text holds `[name]` emoji tokens, replaced on the page from the mapping. */
export const replySchema = z.object({
  replyId: z.number().int(),
  contentId: z.number().int(),
  /** The top-level reply this one nests under; null for a top-level reply. */
  parentId: z.number().int().nullable(),
  content: z.string(),
  author: userBriefSchema,
  /** Whom a child reply answers (shown as "回复 name"); null when it answers the top-level reply. */
  replyToUser: userBriefSchema.nullable(),
  /** Epoch milliseconds. */
  createdAt: z.number().int(),
  /** True when the caller wrote it (they may delete it). */
  isSelf: z.boolean(),
});
export type Reply = z.infer<typeof replySchema>;

/** A top-level reply with its child count and first children (spec §3: `child.replyList`). */
export const topReplySchema = replySchema.extend({
  replyCount: z.number().int().nonnegative(),
  child: z.object({ replyList: z.array(replySchema) }),
});
export type TopReply = z.infer<typeof topReplySchema>;

export const replyPageSchema = pageOf(topReplySchema).extend({
  /** All replies of the content (top-level and children), as the heading shows. */
  replyCount: z.number().int().nonnegative(),
});
export type ReplyPage = z.infer<typeof replyPageSchema>;

export const childReplyPageSchema = pageOf(replySchema);
export type ChildReplyPage = z.infer<typeof childReplyPageSchema>;

/** The emoji mapping of spec §3. */
export const emojiSchema = z.object({ name: z.string(), url: z.string() });
export type Emoji = z.infer<typeof emojiSchema>;

// Issue 6: the community calls of this part (replies); exported through `community` in ./index.ts.
export const communityReplies = {
  /** A content's top-level replies, newest first, each with its first children (spec §7). */
  replyList: endpoint({
    domain,
    method: 'GET',
    path: '/sns-itr/v1/common/h5/reply/reply-list',
    auth: 'common',
    visitorCache: true,
    request: z.object({ contentId: idSchema, ...pageQuerySchema.shape }),
    response: replyPageSchema,
  }),
  /** All child replies of one top-level reply, oldest first (spec §7). */
  fullReplyList: endpoint({
    domain,
    method: 'GET',
    path: '/sns-itr/v1/common/h5/reply/full-reply-list',
    auth: 'common',
    request: z.object({ replyId: idSchema, ...pageQuerySchema.shape }),
    response: childReplyPageSchema,
  }),
  /** Not in the spec by path: the emoji mapping of spec §3, in the reply family. */
  emojiList: endpoint({
    domain,
    method: 'GET',
    path: '/sns-itr/v1/common/h5/reply/emoji-list',
    auth: 'common',
    request: z.object({}),
    response: z.object({ list: z.array(emojiSchema) }),
  }),
  /**
   * Posts a comment (the native action replyUser, login-gated). `replyId` answers a reply: the
   * new one nests under that reply's top-level reply. `requestId` is made once per draft by the
   * client: a retry or a double tap with it answers the comment already posted.
   */
  replyAdd: endpoint({
    domain,
    method: 'POST',
    path: '/sns-itr/v1/h5/reply/add',
    auth: 'login',
    speech: true,
    request: z.object({
      contentId: idSchema,
      replyId: idSchema.optional(),
      content: z.string().trim().min(1).max(REPLY_MAX_LENGTH),
      requestId: requestIdSchema,
    }),
    response: z.object({ reply: replySchema, replyCount: z.number().int().nonnegative() }),
  }),
  /** Deletes one's own comment and its children (the native action deleteReply, login-gated). */
  replyDelete: endpoint({
    domain,
    method: 'POST',
    path: '/sns-itr/v1/h5/reply/delete',
    auth: 'login',
    request: z.object({ replyId: idSchema }),
    response: z.object({
      /** How many rows went: the reply and, for a top-level reply, its children. */
      deleted: z.number().int().nonnegative(),
      replyCount: z.number().int().nonnegative(),
    }),
  }),
} as const;

import { z } from 'zod';
import { endpoint } from '../../endpoint';
import { imageSchema, pageOf, pageQuerySchema, userBriefSchema } from '../../shared';

const domain = 'message';

/**
 * The kinds of a message (issue 32 point 3): someone answered, lit or followed the reader, or a
 * system notice (a moderation decision, an award, a lottery win, a review decision).
 */
export const MESSAGE_KINDS = ['reply', 'light', 'follow', 'system'] as const;
export const messageKindSchema = z.enum(MESSAGE_KINDS);
export type MessageKind = z.infer<typeof messageKindSchema>;

/** The reader's unread messages by kind, and their sum (the feed header's badge). */
export const unreadCountsSchema = z.object({
  reply: z.number().int().nonnegative(),
  light: z.number().int().nonnegative(),
  follow: z.number().int().nonnegative(),
  system: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
});
export type UnreadCounts = z.infer<typeof unreadCountsSchema>;

/** One message of the list; the fields a kind has not are null. */
export const messageItemSchema = z.object({
  messageId: z.number().int(),
  kind: messageKindSchema,
  /** Who answered, lit or followed; null for a system notice. */
  actor: userBriefSchema.nullable(),
  /** The content concerned (reply, light, some notices); null once it is taken down or gone. */
  content: z
    .object({ contentId: z.number().int(), title: z.string(), cover: imageSchema.nullable() })
    .nullable(),
  /** The answer's text ([emoji] tokens); null when it was deleted or hidden by a moderator. */
  replyText: z.string().nullable(),
  /** The reply that answered; the page opens the content at it. */
  replyId: z.number().int().nullable(),
  /** A system notice's text and the page it leads to (a path of this site), else null. */
  text: z.string().nullable(),
  link: z.string().nullable(),
  /** Epoch milliseconds. */
  createdAt: z.number(),
  read: z.boolean(),
});
export type MessageItem = z.infer<typeof messageItemSchema>;

export const messagePageSchema = pageOf(messageItemSchema);
export type MessagePage = z.infer<typeof messagePageSchema>;

/** Issue 32 point 3: the reader's messages (not in the spec; paths in its style, listed in docs/api.md). */
export const message = {
  /** The reader's unread counts by kind, one statement. */
  unreadCounts: endpoint({
    domain,
    method: 'GET',
    path: '/sns-itr/v1/h5/message/unread-counts',
    auth: 'login',
    errorToast: false,
    request: z.object({}),
    response: unreadCountsSchema,
  }),
  /** One kind's messages, newest first, keyset-paged. */
  list: endpoint({
    domain,
    method: 'GET',
    path: '/sns-itr/v1/h5/message/list',
    auth: 'login',
    request: z.object({ kind: messageKindSchema, ...pageQuerySchema.shape }),
    response: messagePageSchema,
  }),
  /** Marks one kind's (or, without a kind, every) unread message read; idempotent. */
  markRead: endpoint({
    domain,
    method: 'POST',
    path: '/sns-itr/v1/h5/message/mark-read',
    auth: 'login',
    errorToast: false,
    request: z.object({ kind: messageKindSchema.optional() }),
    response: z.object({ marked: z.number().int().nonnegative(), counts: unreadCountsSchema }),
  }),
} as const;

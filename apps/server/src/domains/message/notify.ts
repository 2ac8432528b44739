import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contents, notifications } from '../../db/schema';

/** A message to write; the kinds' fields as the list shows them. */
export type NotifyInput =
  | { kind: 'reply'; recipientId: number; actorId: number; contentId: number; replyId: number }
  | { kind: 'light'; recipientId: number; actorId: number; contentId: number }
  | { kind: 'follow'; recipientId: number; actorId: number }
  | {
      kind: 'system';
      recipientId: number;
      /** What sent it and that thing's id: `report-author` and the report id make `system:report-author:7`. */
      source: string;
      sourceId: number | string;
      /** The notice's kind (`report.taken_down`, `lottery.won`, …) for whoever reads the table. */
      noticeKey: string;
      /** Ready to show; the writer words it (the texts in ./messages.ts). */
      text: string;
      /** A path of this site the notice opens, or null. */
      link: string | null;
      contentId?: number | null;
    };

/** The event's key (unique per recipient): the same event written twice (a retry, a relight) is one message. */
export function dedupeKeyOf(input: NotifyInput): string {
  switch (input.kind) {
    case 'reply':
      return `reply:${input.replyId}`;
    case 'light':
      return `light:${input.actorId}:${input.contentId}`;
    case 'follow':
      return `follow:${input.actorId}:${input.recipientId}`;
    case 'system':
      return `system:${input.source}:${input.sourceId}`;
  }
}

/**
 * Writes one message inside the caller's transaction (`tx`), so the write that causes it and the
 * message commit or roll back together; ON CONFLICT DO NOTHING on the event's key makes a retried
 * write add none. Nobody is told of their own doing. True when a message was added.
 */
export async function notify(tx: Db, input: NotifyInput): Promise<boolean> {
  return (await notifyAll(tx, [input])) > 0;
}

/** {@link notify} for many messages in one statement (a draw's winners); how many were added. */
export async function notifyAll(tx: Db, inputs: readonly NotifyInput[]): Promise<number> {
  const rows = inputs
    .filter((input) => input.kind === 'system' || input.actorId !== input.recipientId)
    .map((input) => ({
      recipientId: input.recipientId,
      kind: input.kind,
      actorId: input.kind === 'system' ? null : input.actorId,
      contentId: input.kind === 'follow' ? null : (input.contentId ?? null),
      replyId: input.kind === 'reply' ? input.replyId : null,
      noticeKey: input.kind === 'system' ? input.noticeKey : null,
      text: input.kind === 'system' ? input.text : null,
      link: input.kind === 'system' ? input.link : null,
      dedupeKey: dedupeKeyOf(input),
    }));
  if (rows.length === 0) return 0;
  const added = await tx
    .insert(notifications)
    .values(rows)
    .onConflictDoNothing({ target: [notifications.recipientId, notifications.dedupeKey] })
    .returning({ id: notifications.id });
  return added.length;
}

/** The author of a content (the one a reply or a light tells), read in the writer's transaction. */
export async function contentAuthor(tx: Db, contentId: number): Promise<number | undefined> {
  const [row] = await tx
    .select({ authorId: contents.authorId })
    .from(contents)
    .where(eq(contents.id, contentId));
  return row?.authorId;
}

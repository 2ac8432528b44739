import {
  type ContentReviewRow,
  type contract,
  type InputOf,
  type Page,
  PUBLISH_CODES,
  type ReviewState,
} from '@h5/contract';
import { NOT_FOUND } from '@h5/core';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pageFrom, rowsToRead, timeKeyset } from '../../db/keyset';
import { contents, users } from '../../db/schema';
import type { Env } from '../../env';
import { AppError } from '../../plugins/errors';
import type { OperatorSession } from '../../plugins/operator-session';
import { recordAudit } from '../backstage/audit';
import { MESSAGE_TEXTS } from '../message/messages';
import { notify } from '../message/notify';
import { PUBLISH_MESSAGES } from './messages';

/** Who approves a published content: the setting, else manual in production and auto elsewhere. */
export const reviewMode = (env: Pick<Env, 'CONTENT_REVIEW' | 'APP_ENV'>): 'auto' | 'manual' =>
  env.CONTENT_REVIEW ?? (env.APP_ENV === 'pro' ? 'manual' : 'auto');

const STATE_LABELS: Record<ReviewState, string> = {
  pending: '审核中',
  approved: '已通过',
  rejected: '未通过',
};

type DecideInput = InputOf<typeof contract.content.contentReviewDecide>;

const reviewColumns = {
  content: contents,
  authorName: users.userName,
  authorAvatar: users.avatar,
};

type ReviewRow = { content: typeof contents.$inferSelect; authorName: string; authorAvatar: string };

const toReviewRow = ({ content, authorName, authorAvatar }: ReviewRow): ContentReviewRow => ({
  contentId: content.id,
  contentType: content.contentType,
  title: content.title,
  body: content.body,
  topic: content.topic,
  category: content.category,
  images: content.images,
  coverUrl: content.coverUrl,
  videoUrl: content.videoUrl,
  author: { userId: content.authorId, userName: authorName, avatar: authorAvatar },
  reviewState: content.reviewState,
  reviewReason: content.reviewReason,
  createdAt: content.createdAt.toISOString(),
  reviewedAt: content.reviewedAt?.toISOString() ?? null,
});

/**
 * The one review decision (issue 32), inside the caller's transaction: the publish call's auto
 * approval (no operator) and the backstage's 通过 / 驳回 (audited). The content's row is locked, so
 * two moderators deciding at once decide once; a decided content is refused (5104).
 */
export async function decideContentReview(
  tx: Db,
  input: DecideInput,
  operator: OperatorSession | null,
): Promise<typeof contents.$inferSelect> {
  const [row] = await tx.select().from(contents).where(eq(contents.id, input.contentId)).for('update');
  if (!row) throw new AppError(NOT_FOUND, PUBLISH_MESSAGES.contentNotFound);
  if (row.reviewState !== 'pending')
    throw new AppError(
      PUBLISH_CODES.reviewDecided,
      PUBLISH_MESSAGES.alreadyDecided(STATE_LABELS[row.reviewState]),
    );
  const reviewState = input.decision === 'approve' ? 'approved' : 'rejected';
  const [updated] = await tx
    .update(contents)
    .set({ reviewState, reviewedAt: new Date(), reviewReason: input.reason ? input.reason : null })
    .where(and(eq(contents.id, row.id), eq(contents.reviewState, 'pending')))
    .returning();
  if (!updated) throw new AppError(PUBLISH_CODES.reviewDecided, PUBLISH_MESSAGES.alreadyDecided('已审核'));
  // The author hears of a moderator's decision; an automatic approval is no news.
  if (operator)
    await notify(tx, {
      kind: 'system',
      recipientId: row.authorId,
      source: 'content-review',
      sourceId: row.id,
      noticeKey: `content.${reviewState}`,
      text:
        reviewState === 'approved'
          ? MESSAGE_TEXTS.contentApproved(row.title)
          : MESSAGE_TEXTS.contentRejected(row.title, input.reason ?? ''),
      link: `/community/content/${row.id}`,
      contentId: row.id,
    });
  if (operator)
    await recordAudit(tx, operator, {
      action: input.decision === 'approve' ? 'content.approve' : 'content.reject',
      objectType: 'content',
      objectId: row.id,
      before: { reviewState: row.reviewState },
      after: { reviewState, title: row.title },
      reason: input.reason ?? '',
    });
  return updated;
}

/** The backstage's decision: one transaction, then the row as the queue shows it. */
export async function decideFromBackstage(db: Db, operator: OperatorSession, input: DecideInput) {
  const decided = await db.transaction((tx) => decideContentReview(tx, input, operator));
  const [row] = await db
    .select(reviewColumns)
    .from(contents)
    .innerJoin(users, eq(users.id, contents.authorId))
    .where(eq(contents.id, decided.id));
  return toReviewRow(row as ReviewRow);
}

const queueOrder = timeKeyset(contents.createdAt, contents.id, 'asc');

/** The review queue: contents in `state`, oldest first (contents_review_idx for pending/rejected). */
export async function contentReviewPage(
  db: Db,
  input: InputOf<typeof contract.content.contentReviews>,
): Promise<Page<ContentReviewRow>> {
  const rows = await db
    .select(reviewColumns)
    .from(contents)
    .innerJoin(users, eq(users.id, contents.authorId))
    .where(and(eq(contents.reviewState, input.state), queueOrder.after(input.lastId)))
    .orderBy(...queueOrder.orderBy)
    .limit(rowsToRead(input));
  const page = pageFrom(rows, input.limit, (row) => queueOrder.cursor(row.content.createdAt, row.content.id));
  return { ...page, list: page.list.map(toReviewRow) };
}

import type { contract, InputOf, Page, VideoAccountApplication } from '@h5/contract';
import { VIDEO_ACCOUNT_ALREADY_REVIEWED } from '@h5/core';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pageFrom, rowsToRead, timeKeyset } from '../../db/keyset';
import { users, videoAccountApplications } from '../../db/schema';
import { AppError, notFound } from '../../plugins/errors';
import type { OperatorSession } from '../../plugins/operator-session';
import { recordAudit } from '../backstage/audit';
import { objectUrls, type UploadDeps } from '../upload/external-objects';
import { CREATOR_MESSAGES } from './upgrade-messages';

type ApplicationRow = typeof videoAccountApplications.$inferSelect;

// The pending wait their turn: oldest first. Reviewed ones are looked up after the fact: newest first.
const oldestFirst = timeKeyset(videoAccountApplications.createdAt, videoAccountApplications.id, 'asc');
const newestFirst = timeKeyset(videoAccountApplications.createdAt, videoAccountApplications.id, 'desc');

/** The backstage's review queue: the applications of one state, paged. */
export async function listApplications(
  deps: UploadDeps,
  input: InputOf<typeof contract.creator.videoAccountApplications>,
): Promise<Page<VideoAccountApplication>> {
  const keyset = input.state === 'pending' ? oldestFirst : newestFirst;
  const rows = await deps.db
    .select({ application: videoAccountApplications, userName: users.userName, avatar: users.avatar })
    .from(videoAccountApplications)
    .innerJoin(users, eq(users.id, videoAccountApplications.userId))
    .where(and(eq(videoAccountApplications.state, input.state), keyset.after(input.lastId)))
    .orderBy(...keyset.orderBy)
    .limit(rowsToRead(input));
  const page = pageFrom(rows, input.limit, (row) =>
    keyset.cursor(row.application.createdAt, row.application.id),
  );
  const urlOf = await objectUrls(
    deps,
    page.list.map((row) => row.application.screenshotKey),
  );
  return {
    ...page,
    list: page.list.map(({ application: a, userName, avatar }) => ({
      applicationId: a.id,
      user: { userId: a.userId, userName, avatar },
      name: a.name,
      accountId: a.accountId,
      profileUrl: a.profileUrl,
      screenshotUrl: urlOf(a.screenshotKey),
      createdAt: a.createdAt.toISOString(),
      state: a.state,
      reason: a.reason,
      reviewedAt: a.reviewedAt?.toISOString() ?? null,
    })),
  };
}

/** What the audit log keeps of an application: its state and the reason the creator reads. */
const audited = (row: Pick<ApplicationRow, 'state' | 'reason'>) => ({ state: row.state, reason: row.reason });

/**
 * Approves or rejects a pending application, audited in the same transaction: one conditional
 * update, so of two reviews (two moderators at once) one decides and the other is refused.
 */
export async function reviewApplication(
  db: Db,
  operator: OperatorSession,
  input: { applicationId: number; decision: 'approve' | 'reject'; reason: string },
) {
  const state = input.decision === 'approve' ? 'approved' : 'rejected';
  const reason = state === 'rejected' ? input.reason : null;
  const reviewed = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(videoAccountApplications)
      .set({ state, reason, reviewedAt: sql`now()` })
      .where(
        and(
          eq(videoAccountApplications.id, input.applicationId),
          eq(videoAccountApplications.state, 'pending'),
        ),
      )
      .returning({ id: videoAccountApplications.id });
    if (!row) return null;
    await recordAudit(tx, operator, {
      action: `video_account.${input.decision}`,
      objectType: 'video_account_application',
      objectId: row.id,
      before: audited({ state: 'pending', reason: null }),
      after: audited({ state, reason }),
      reason: input.reason,
    });
    return { applicationId: row.id, state } as const;
  });
  if (reviewed) return reviewed;
  const [exists] = await db
    .select({ id: videoAccountApplications.id })
    .from(videoAccountApplications)
    .where(eq(videoAccountApplications.id, input.applicationId));
  if (!exists) throw notFound(CREATOR_MESSAGES.applicationNotFound);
  throw new AppError(VIDEO_ACCOUNT_ALREADY_REVIEWED, CREATOR_MESSAGES.alreadyReviewed);
}

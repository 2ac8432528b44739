import type { VideoAccountApplication } from '@h5/contract';
import { VIDEO_ACCOUNT_ALREADY_REVIEWED } from '@h5/core';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users, videoAccountApplications } from '../../db/schema';
import { AppError, notFound } from '../../plugins/errors';
import { objectUrls, type UploadDeps } from '../upload/external-objects';
import { CREATOR_MESSAGES } from './upgrade-messages';

/** The internal review queue: pending applications, oldest first. */
export async function pendingApplications(deps: UploadDeps): Promise<{ list: VideoAccountApplication[] }> {
  const rows = await deps.db
    .select({ application: videoAccountApplications, userName: users.userName, avatar: users.avatar })
    .from(videoAccountApplications)
    .innerJoin(users, eq(users.id, videoAccountApplications.userId))
    .where(eq(videoAccountApplications.state, 'pending'))
    .orderBy(asc(videoAccountApplications.createdAt), asc(videoAccountApplications.id))
    .limit(100);
  const urlOf = await objectUrls(
    deps,
    rows.map((row) => row.application.screenshotKey),
  );
  return {
    list: rows.map(({ application: a, userName, avatar }) => ({
      applicationId: a.id,
      user: { userId: a.userId, userName, avatar },
      name: a.name,
      accountId: a.accountId,
      profileUrl: a.profileUrl,
      screenshotUrl: urlOf(a.screenshotKey),
      createdAt: a.createdAt.toISOString(),
    })),
  };
}

/** Approves or rejects a pending application: one conditional update, so a second review is refused. */
export async function reviewApplication(
  db: Db,
  input: { applicationId: number; decision: 'approve' | 'reject'; reason: string },
) {
  const state = input.decision === 'approve' ? 'approved' : 'rejected';
  const [row] = await db
    .update(videoAccountApplications)
    .set({ state, reason: state === 'rejected' ? input.reason : null, reviewedAt: sql`now()` })
    .where(
      and(
        eq(videoAccountApplications.id, input.applicationId),
        eq(videoAccountApplications.state, 'pending'),
      ),
    )
    .returning({ id: videoAccountApplications.id });
  if (row) return { applicationId: row.id, state } as const;
  const [exists] = await db
    .select({ id: videoAccountApplications.id })
    .from(videoAccountApplications)
    .where(eq(videoAccountApplications.id, input.applicationId));
  if (!exists) throw notFound(CREATOR_MESSAGES.applicationNotFound);
  throw new AppError(VIDEO_ACCOUNT_ALREADY_REVIEWED, CREATOR_MESSAGES.alreadyReviewed);
}

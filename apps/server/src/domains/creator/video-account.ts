import type { VideoAccount, VideoAccountCard, VideoAccountDetails } from '@h5/contract';
import { NOT_FOUND, VIDEO_ACCOUNT_APPLICATION_PENDING, VIDEO_ACCOUNT_DETAILS_MISSING } from '@h5/core';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users, videoAccountApplications, videoAccounts } from '../../db/schema';
import { AppError } from '../../plugins/errors';
import { checkEvidence } from '../feedback/evidence';
import { objectUrls, type UploadDeps } from '../upload/external-objects';
import { CREATOR_MESSAGES } from './upgrade-messages';

/** GET video-account/index: the saved details and the latest application's state. */
export async function videoAccount(deps: UploadDeps, userId: number): Promise<VideoAccount> {
  const { db } = deps;
  const [[details], [application]] = await Promise.all([
    db
      .select({
        name: videoAccounts.name,
        accountId: videoAccounts.accountId,
        profileUrl: videoAccounts.profileUrl,
      })
      .from(videoAccounts)
      .where(eq(videoAccounts.userId, userId)),
    db
      .select()
      .from(videoAccountApplications)
      .where(eq(videoAccountApplications.userId, userId))
      .orderBy(desc(videoAccountApplications.createdAt), desc(videoAccountApplications.id))
      .limit(1),
  ]);
  const urlOf = await objectUrls(deps, application ? [application.screenshotKey] : []);
  return {
    details: details ?? null,
    state: application?.state ?? 'none',
    reason: application?.state === 'rejected' ? application.reason : null,
    application: application
      ? {
          applicationId: application.id,
          createdAt: application.createdAt.toISOString(),
          screenshotUrl: urlOf(application.screenshotKey),
        }
      : null,
  };
}

/** POST video-account/index: saves (creates or replaces) the details; input already validated by the contract. */
export async function saveVideoAccount(
  deps: UploadDeps,
  userId: number,
  details: VideoAccountDetails,
): Promise<VideoAccount> {
  await deps.db
    .insert(videoAccounts)
    .values({ userId, ...details })
    .onConflictDoUpdate({ target: videoAccounts.userId, set: { ...details, updatedAt: sql`now()` } });
  return videoAccount(deps, userId);
}

/**
 * apply: an application of the saved details with a screenshot the caller uploaded (an image of
 * theirs in the store). One pending application per user is the partial unique index's rule, so
 * two concurrent applies make one row and the other is refused.
 */
export async function applyVideoAccount(
  deps: UploadDeps,
  userId: number,
  screenshotKey: string,
): Promise<VideoAccount> {
  const { db } = deps;
  await checkEvidence(deps, userId, [{ key: screenshotKey }]);
  const [details] = await db.select().from(videoAccounts).where(eq(videoAccounts.userId, userId));
  if (!details) throw new AppError(VIDEO_ACCOUNT_DETAILS_MISSING, CREATOR_MESSAGES.detailsMissing);
  const [row] = await db
    .insert(videoAccountApplications)
    .values({
      userId,
      name: details.name,
      accountId: details.accountId,
      profileUrl: details.profileUrl,
      screenshotKey,
    })
    .onConflictDoNothing({ target: videoAccountApplications.userId, where: sql`state = 'pending'` })
    .returning({ id: videoAccountApplications.id });
  if (!row) throw new AppError(VIDEO_ACCOUNT_APPLICATION_PENDING, CREATOR_MESSAGES.applicationPending);
  return videoAccount(deps, userId);
}

/** The common variant: the public card of a user's latest approved application. */
export async function videoAccountCard(db: Db, userId: number): Promise<VideoAccountCard> {
  const [row] = await db
    .select({
      userId: users.id,
      userName: users.userName,
      avatar: users.avatar,
      name: videoAccountApplications.name,
      accountId: videoAccountApplications.accountId,
      profileUrl: videoAccountApplications.profileUrl,
      reviewedAt: videoAccountApplications.reviewedAt,
    })
    .from(videoAccountApplications)
    .innerJoin(users, eq(users.id, videoAccountApplications.userId))
    .where(and(eq(videoAccountApplications.userId, userId), eq(videoAccountApplications.state, 'approved')))
    .orderBy(desc(videoAccountApplications.reviewedAt), desc(videoAccountApplications.id))
    .limit(1);
  if (!row) throw new AppError(NOT_FOUND, CREATOR_MESSAGES.cardNotFound);
  return {
    user: { userId: row.userId, userName: row.userName, avatar: row.avatar },
    name: row.name,
    accountId: row.accountId,
    profileUrl: row.profileUrl,
    approvedAt: (row.reviewedAt as Date).toISOString(),
  };
}

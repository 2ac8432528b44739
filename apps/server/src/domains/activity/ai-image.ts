import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { AiImage, AiImageStyle } from '@h5/contract';
import {
  AI_GENERATED_IMAGE_REJECTED,
  AI_IMAGE_MESSAGES,
  AI_TOO_FAST,
  AI_UPGRADE_REQUIRED,
  AI_USER_IMAGE_REJECTED,
  meetsVersion,
  NOT_FOUND,
  parseAppUserAgent,
} from '@h5/core';
import { and, eq, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { aiImageClaims, aiImages } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../plugins/errors';
import { RASTER_IMAGE_TYPES } from '../upload/content-sniff';
import {
  isExternalBucket,
  objectUrls,
  ownedObjects,
  readObject,
  siteCdnUrl,
} from '../upload/external-objects';
import { bucketOf } from '../upload/hosts';
import { recordObject } from '../upload/objects';
import { ACTIVITY_CODES } from './activity-codes';
import { reviewProblem } from './ai-review';
import { stylePicture } from './ai-style';
import { ACTIVITY_MESSAGES } from './messages';
import { requireRunning } from './window';

/**
 * The AI gate: inside our app, versions below this get 201150107 (the styles need the app's new
 * image viewer and save-to-album). Browsers have no app version and are let through.
 */
export const AI_IMAGE_MIN_APP_VERSION = '5.20.0';

/** 201150107 for an app (user agent `CommunityApp/x.y.z`) older than the AI gate. */
export function assertAiGate(userAgent: string | undefined): void {
  const app = parseAppUserAgent(userAgent);
  if (app.inApp && !meetsVersion(app.version, AI_IMAGE_MIN_APP_VERSION))
    throw new AppError(AI_UPGRADE_REQUIRED, ACTIVITY_MESSAGES.upgradeRequired);
}

/**
 * How long a claim on a user's picture holds: far beyond a styling run (seconds), so a live claim
 * is never taken over; a process that died mid-picture frees the user after it.
 */
export const AI_IMAGE_CLAIM_LEASE_SECONDS = 120;

/**
 * Claims the user's one picture in flight: a row of `ai_image_claims`, so of any number of
 * concurrent asks on any number of processes exactly one gets it. A claim past its lease is taken
 * over. The token, or null when a live claim is another's.
 */
export async function claimAiImage(db: Db, userId: number): Promise<string | null> {
  const token = randomUUID();
  const claimed = await db.execute(sql`
    insert into ai_image_claims (user_id, token, claimed_at) values (${userId}, ${token}, now())
    on conflict (user_id) do update set token = excluded.token, claimed_at = excluded.claimed_at
      where ai_image_claims.claimed_at < now() - make_interval(secs => ${AI_IMAGE_CLAIM_LEASE_SECONDS})
    returning user_id`);
  return rowsOf(claimed).length > 0 ? token : null;
}

/** Ends the claim `token` holds (never a later claimant's). */
export async function releaseAiImage(db: Db, userId: number, token: string): Promise<void> {
  await db.delete(aiImageClaims).where(and(eq(aiImageClaims.userId, userId), eq(aiImageClaims.token, token)));
}

/**
 * POST 520 ai-image: the gate, one picture at a time per user across every process (201150104),
 * the 520 window, the caller's uploaded photo through the review (201150102), the styled picture
 * through the same review (201150103), stored as the caller's object and recorded in `ai_images`.
 */
export async function createAiImage(
  deps: AppDeps,
  userId: number,
  input: { imageKey: string; style: AiImageStyle; userAgent: string | undefined },
  now = new Date(),
): Promise<AiImage> {
  assertAiGate(input.userAgent);
  const token = await claimAiImage(deps.db, userId);
  if (token === null) throw new AppError(AI_TOO_FAST, AI_IMAGE_MESSAGES.tooFast);
  try {
    return await makeAiImage(deps, userId, input, now);
  } finally {
    await releaseAiImage(deps.db, userId, token);
  }
}

async function makeAiImage(
  deps: AppDeps,
  userId: number,
  input: { imageKey: string; style: AiImageStyle },
  now: Date,
): Promise<AiImage> {
  const { db, store } = deps;
  await requireRunning(db, ACTIVITY_CODES.day520, now);
  // The caller's own raster upload; with UPLOAD_DRIVER=oss one on the external bucket is recorded now.
  const source = (await ownedObjects(deps, userId, [input.imageKey])).find((row) =>
    RASTER_IMAGE_TYPES.has(row.contentType),
  );
  const photo = source ? await readObject(deps, source) : null;
  if (!source || !photo) throw new AppError(NOT_FOUND, ACTIVITY_MESSAGES.imageNotOwned);
  const userProblem = await reviewProblem(db, photo);
  // The reason also goes in `data`: clients show the spec's own text for the code (spec §8).
  if (userProblem)
    throw new AppError(AI_USER_IMAGE_REJECTED, ACTIVITY_MESSAGES.userImageRejected(userProblem), 200, {
      reason: userProblem,
    });

  const styled = await stylePicture(photo, input.style);
  const styledProblem = await reviewProblem(db, styled);
  if (styledProblem)
    throw new AppError(
      AI_GENERATED_IMAGE_REJECTED,
      ACTIVITY_MESSAGES.generatedImageRejected(styledProblem),
      200,
      { reason: styledProblem },
    );

  const key = `${source.appId}/activity-520/u${userId}/${randomUUID()}.jpg`;
  const contentType = 'image/jpeg';
  // The server's own picture goes to its own store (a photo on the external bucket included).
  const bucket = isExternalBucket(source.bucket) ? bucketOf(source.appId, false) : source.bucket;
  const info = await store.put(bucket, key, Readable.from(styled), { contentType });
  await recordObject(
    db,
    store,
    { bucket, key, contentType, acl: 'public-read', appId: source.appId, userId },
    info,
  );
  const [row] = await db
    .insert(aiImages)
    .values({ userId, style: input.style, sourceKey: source.key, resultKey: key })
    .returning();
  const saved = row as typeof aiImages.$inferSelect;
  const sourceUrl = await objectUrls(deps, [source.key]);
  return {
    imageId: saved.id,
    style: input.style,
    sourceUrl: sourceUrl(source.key),
    resultUrl: siteCdnUrl(key),
    createdAt: saved.createdAt.toISOString(),
  };
}

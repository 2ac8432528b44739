import { type contract, type InputOf, PUBLISH_CODES, type PublishResult } from '@h5/contract';
import { CONTENT_CATEGORY_NAMES, CONTENT_TYPE } from '@h5/core';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contentProducts, contents, products, type StoredImage } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError, badRequest } from '../../plugins/errors';
import { RASTER_IMAGE_TYPES } from '../upload/content-sniff';
import { objectUrls, ownedObjects } from '../upload/external-objects';
import { PUBLISH_MESSAGES } from './messages';
import { decideContentReview, reviewMode } from './review';
import { publishedVideo } from './video';

type PublishInput = InputOf<typeof contract.content.publish>;
type PublishDeps = Pick<AppDeps, 'db' | 'env' | 'store'>;

/** A publish whose requestId is stored already: the transaction rolls back, the stored one answers. */
class RepeatedPublish extends Error {}

/**
 * Publishes the caller's content (issue 32 point 1): pictures or a video they uploaded (checked
 * against storage_objects: theirs, and an image or a video by the bytes the store sniffed), text,
 * a category, a topic and products, in one transaction. Pending until reviewed, or approved in
 * the same transaction when CONTENT_REVIEW is `auto`. A repeat of a stored requestId writes
 * nothing and answers the stored content; the same requestId for another content is refused.
 */
export async function publishContent(
  deps: PublishDeps,
  userId: number,
  input: PublishInput,
): Promise<PublishResult> {
  if (CONTENT_CATEGORY_NAMES[input.category] === undefined)
    throw badRequest('category', PUBLISH_MESSAGES.categoryUnknown(input.category));
  const stored = await storedPublish(deps.db, userId, input);
  if (stored) return stored;
  const media = await mediaOf(deps, userId, input);
  await checkProducts(deps.db, input.spuIds);
  try {
    return await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(contents)
        .values({
          authorId: userId,
          contentType: input.contentType,
          category: input.category,
          topic: input.topic ? input.topic : null,
          title: input.title,
          body: input.body,
          ...media,
          reviewState: 'pending',
          requestId: input.requestId,
        })
        .onConflictDoNothing({ target: [contents.authorId, contents.requestId] })
        .returning({ id: contents.id });
      if (!row) throw new RepeatedPublish();
      if (input.spuIds.length > 0)
        await tx
          .insert(contentProducts)
          .values([...new Set(input.spuIds)].map((spuId) => ({ contentId: row.id, spuId })));
      if (reviewMode(deps.env) === 'manual') return { contentId: row.id, reviewState: 'pending' as const };
      const decided = await decideContentReview(tx, { contentId: row.id, decision: 'approve' }, null);
      return { contentId: row.id, reviewState: decided.reviewState };
    });
  } catch (error) {
    if (!(error instanceof RepeatedPublish)) throw error;
    const again = await storedPublish(deps.db, userId, input);
    if (!again) throw error;
    return again;
  }
}

/** The content stored under the caller's requestId, if any; another content under it is refused. */
async function storedPublish(db: Db, userId: number, input: PublishInput): Promise<PublishResult | null> {
  const [row] = await db
    .select({
      id: contents.id,
      state: contents.reviewState,
      contentType: contents.contentType,
      category: contents.category,
      topic: contents.topic,
      title: contents.title,
      body: contents.body,
      images: contents.images,
    })
    .from(contents)
    .where(and(eq(contents.authorId, userId), eq(contents.requestId, input.requestId)));
  if (!row) return null;
  // What the caller wrote and chose; the pictures by number (their URLs come from the store).
  const same =
    row.contentType === input.contentType &&
    row.category === input.category &&
    row.topic === (input.topic ? input.topic : null) &&
    row.title === input.title &&
    row.body === input.body &&
    row.images.length === input.images.length;
  if (!same) throw new AppError(PUBLISH_CODES.requestIdReused, PUBLISH_MESSAGES.requestIdReused);
  return { contentId: row.id, reviewState: row.state };
}

/** The content's pictures (or the video and its frame) and cover, from the store's own records. */
async function mediaOf(deps: PublishDeps, userId: number, input: PublishInput) {
  if (input.contentType === CONTENT_TYPE.Video && input.video)
    return publishedVideo(deps, userId, input.video.key);
  if (input.images.length === 0) return {};
  const keys = input.images.map((image) => image.key);
  const owned = new Map((await ownedObjects(deps, userId, keys)).map((row) => [row.key, row]));
  const urlOf = await objectUrls(deps, keys);
  const images: StoredImage[] = keys.map((key, i) => {
    const row = owned.get(key);
    if (!row || !RASTER_IMAGE_TYPES.has(row.contentType) || !row.width || !row.height)
      throw new AppError(PUBLISH_CODES.mediaNotOwned, PUBLISH_MESSAGES.imageNotOwned(i + 1));
    return { url: urlOf(key), width: row.width, height: row.height };
  });
  const cover = images[input.coverIndex ?? 0] as StoredImage;
  return { images, coverUrl: cover.url, coverWidth: cover.width, coverHeight: cover.height };
}

/** Refuses the first linked product that does not exist. */
async function checkProducts(db: Db, spuIds: readonly number[]) {
  if (spuIds.length === 0) return;
  const rows = await db
    .select({ spuId: products.spuId })
    .from(products)
    .where(inArray(products.spuId, [...spuIds]));
  const known = new Set(rows.map((row) => row.spuId));
  const missing = spuIds.find((spuId) => !known.has(spuId));
  if (missing !== undefined)
    throw new AppError(PUBLISH_CODES.productUnknown, PUBLISH_MESSAGES.productUnknown(missing));
}

import { FEEDBACK_IMAGE_NOT_OWNED } from '@h5/core';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { storageObjects } from '../../db/schema';
import { AppError } from '../../plugins/errors';
import { FEEDBACK_MESSAGES } from './messages';

/**
 * The evidence keys, de-duplicated in order, after checking that each is an image the caller
 * uploaded (storage_objects.user_id); the first key that is not is named in the refusal.
 */
export async function checkEvidence(db: Db, userId: number, images: ReadonlyArray<{ key: string }>) {
  const keys = [...new Set(images.map((image) => image.key))];
  if (keys.length === 0) return keys;
  const owned = await db
    .select({ key: storageObjects.key, contentType: storageObjects.contentType })
    .from(storageObjects)
    .where(and(inArray(storageObjects.key, keys), eq(storageObjects.userId, userId)));
  const ownedImages = new Set(
    owned.filter((row) => row.contentType.startsWith('image/')).map((row) => row.key),
  );
  const foreign = keys.find((key) => !ownedImages.has(key));
  if (foreign !== undefined)
    throw new AppError(FEEDBACK_IMAGE_NOT_OWNED, FEEDBACK_MESSAGES.imageNotOwned(foreign));
  return keys;
}

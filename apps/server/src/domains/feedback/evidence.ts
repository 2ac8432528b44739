import { FEEDBACK_IMAGE_NOT_OWNED } from '@h5/core';
import { AppError } from '../../plugins/errors';
import { RASTER_IMAGE_TYPES } from '../upload/content-sniff';
import { ownedObjects, type UploadDeps } from '../upload/external-objects';
import { FEEDBACK_MESSAGES } from './messages';

/**
 * The evidence keys, de-duplicated in order, after checking that each is a raster image the caller
 * uploaded (storage_objects.user_id; the type the storage host sniffed from the bytes, so no SVG
 * or page passes as an image); the first key that is not is named in the refusal. With
 * UPLOAD_DRIVER=oss a key uploaded to the external bucket is recorded on this first use.
 */
export async function checkEvidence(
  deps: UploadDeps,
  userId: number,
  images: ReadonlyArray<{ key: string }>,
) {
  const keys = [...new Set(images.map((image) => image.key))];
  if (keys.length === 0) return keys;
  const owned = await ownedObjects(deps, userId, keys);
  const ownedImages = new Set(
    owned.filter((row) => RASTER_IMAGE_TYPES.has(row.contentType)).map((row) => row.key),
  );
  const foreign = keys.find((key) => !ownedImages.has(key));
  if (foreign !== undefined)
    throw new AppError(FEEDBACK_IMAGE_NOT_OWNED, FEEDBACK_MESSAGES.imageNotOwned(foreign));
  return keys;
}

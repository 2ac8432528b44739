import type { Readable } from 'node:stream';
import type { StoredObject } from '@h5/contract';
import sharp from 'sharp';
import type { Db } from '../../db/client';
import { storageObjects } from '../../db/schema';
import type { ObjectInfo, ObjectStore } from '../../storage';

export type StorageObjectRow = typeof storageObjects.$inferSelect;

export interface ObjectFacts {
  bucket: string;
  key: string;
  contentType: string;
  acl: string;
  appId: string;
  userId: number | null;
}

const MEASURED = /^image\/(jpeg|png|gif|webp|heic|heif|bmp|tiff|avif|svg\+xml)$/;

/** Width and height of a stored image (sharp reads only the header); nulls for anything else. */
async function measure(store: ObjectStore, bucket: string, key: string, contentType: string) {
  if (!MEASURED.test(contentType)) return { width: null, height: null };
  const got = await store.get(bucket, key);
  if (!got) return { width: null, height: null };
  try {
    const reader = sharp({ failOn: 'none' });
    (got.body as Readable).pipe(reader);
    const { width, height } = await reader.metadata();
    return { width: width ?? null, height: height ?? null };
  } catch {
    // Not decodable as the image it claims to be: stored, but without dimensions.
    return { width: null, height: null };
  } finally {
    got.body.destroy();
  }
}

/** Records (or replaces) the row of an object just written to the store. */
export async function recordObject(
  db: Db,
  store: ObjectStore,
  facts: ObjectFacts,
  info: ObjectInfo,
): Promise<StorageObjectRow> {
  const { width, height } = await measure(store, facts.bucket, facts.key, facts.contentType);
  const values = { ...facts, size: info.size, etag: info.etag, width, height, createdAt: new Date() };
  const [row] = await db
    .insert(storageObjects)
    .values(values)
    .onConflictDoUpdate({ target: [storageObjects.bucket, storageObjects.key], set: values })
    .returning();
  return row as StorageObjectRow;
}

/** The storage host's answer for a row. */
export const storedObjectOf = (row: StorageObjectRow, cdnHost: string): StoredObject => ({
  bucket: row.bucket,
  key: row.key,
  size: row.size,
  etag: row.etag,
  contentType: row.contentType,
  url: `${cdnHost}/${row.key}`,
  width: row.width,
  height: row.height,
});

import type { Readable } from 'node:stream';
import { type ObjectAcl, objectAclSchema, type StoredObject } from '@h5/contract';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../../db/client';
import { storageObjects, uploadApps } from '../../db/schema';
import type { ObjectInfo, ObjectStore } from '../../storage';
import { OPAQUE_TYPE, RASTER_IMAGE_TYPES, SNIFF_BYTES, sniffContentType } from './content-sniff';
import { accessDenied } from './storage-error';

export type StorageObjectRow = typeof storageObjects.$inferSelect;

/** An ACL a request may name ('default': the credential's own). */
export const isObjectAcl = (value: string): value is ObjectAcl => objectAclSchema.safeParse(value).success;

export interface ObjectFacts {
  bucket: string;
  key: string;
  /** Decided from the bytes (content-sniff.ts), never the client's word. */
  contentType: string;
  acl: ObjectAcl;
  appId: string;
  userId: number | null;
}

/**
 * The head of a stored object sharp needs for an image's size: the header comes first in every
 * format we measure (a JPEG's frame header after its EXIF segments, well inside this).
 */
export const MEASURE_HEAD_BYTES = 512 * 1024;

/** Up to `limit` first bytes of a stream, then stops reading it. */
async function headOf(body: Readable, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body) {
      chunks.push(chunk as Buffer);
      size += (chunk as Buffer).length;
      if (size >= limit) break;
    }
  } finally {
    body.destroy();
  }
  return Buffer.concat(chunks, size).subarray(0, limit);
}

/** An image's size as sharp reads it from `input`; nulls when it cannot. */
async function sizeOf(input: Buffer | Readable) {
  try {
    const reader = Buffer.isBuffer(input) ? sharp(input, { failOn: 'none' }) : sharp({ failOn: 'none' });
    if (!Buffer.isBuffer(input)) input.pipe(reader);
    const { width, height } = await reader.metadata();
    return { width: width ?? null, height: height ?? null };
  } catch {
    return null;
  }
}

/** Width and height of an image read from its first bytes; nulls for anything else or when they do not tell. */
export async function imageSizeOfHead(head: Buffer, contentType: string) {
  if (!RASTER_IMAGE_TYPES.has(contentType)) return { width: null, height: null };
  return (await sizeOf(head)) ?? { width: null, height: null };
}

/**
 * Width and height of a stored image, usually from the head of the object alone (not a second
 * read of the whole file); a format that wants the whole file (WebP checks its RIFF length) is
 * read again in full. Nulls for anything else or an image sharp cannot read.
 */
async function measure(store: ObjectStore, bucket: string, key: string, contentType: string) {
  const none = { width: null, height: null };
  if (!RASTER_IMAGE_TYPES.has(contentType)) return none;
  const got = await store.get(bucket, key);
  if (!got) return none;
  const head = await headOf(got.body, MEASURE_HEAD_BYTES);
  const fromHead = await sizeOf(head);
  if (fromHead || head.length < MEASURE_HEAD_BYTES) return fromHead ?? none;
  const whole = await store.get(bucket, key);
  if (!whole) return none;
  try {
    return (await sizeOf(whole.body as Readable)) ?? none;
  } finally {
    whole.body.destroy();
  }
}

/** The type of a stored object from its first bytes (a multipart upload's, after its parts are joined). */
export async function sniffStored(store: ObjectStore, bucket: string, key: string): Promise<string> {
  const got = await store.get(bucket, key);
  return got ? sniffContentType(await headOf(got.body, SNIFF_BYTES)) : OPAQUE_TYPE;
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

/** The user whose own folder (`{app folder}/u{id}/…`) holds a key; null for the app's other keys. */
export function ownerOfKey(key: string, appFolder: string): number | null {
  if (!key.startsWith(`${appFolder}/`)) return null;
  const match = /^u(\d+)\//i.exec(key.slice(appFolder.length + 1));
  return match ? Number(match[1]) : null;
}

/**
 * Refuses (403 AccessDenied) a write by `writer` that would land in another user's folder (a
 * credential without a user never writes under `u<id>/`) or replace an object someone else
 * uploaded (issue 11 point 9). The gateways already issue no such prefix; this holds for any
 * credential, one issued before they checked included.
 */
/** The recorded object at (bucket, key), or null: the one lookup of a stored object. */
export async function storedObjectRow(db: Db, bucket: string, key: string): Promise<StorageObjectRow | null> {
  const [row] = await db
    .select()
    .from(storageObjects)
    .where(and(eq(storageObjects.bucket, bucket), eq(storageObjects.key, key)))
    .limit(1);
  return row ?? null;
}

export async function assertMayWrite(
  db: Db,
  writer: { appId: string; userId: number | null },
  bucket: string,
  key: string,
): Promise<void> {
  const [app] = await db
    .select({ folder: uploadApps.folder })
    .from(uploadApps)
    .where(eq(uploadApps.appId, writer.appId))
    .limit(1);
  if (!app || ownerOfKey(key, app.folder) !== writer.userId)
    throw accessDenied("The key is in another uploader's folder.");
  const row = await storedObjectRow(db, bucket, key);
  if (row && row.userId !== writer.userId)
    throw accessDenied('The object exists and belongs to another uploader.');
}

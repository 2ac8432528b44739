import { STORAGE_PATHS } from '@h5/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { storageObjects, uploadApps } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { keyProblem } from '../../storage';
import { SNIFF_BYTES, sniffContentType } from './content-sniff';
import { readExternalHead, readExternalObject } from './external-reader';
import {
  imageSizeOfHead,
  MEASURE_HEAD_BYTES,
  ownerOfKey,
  type StorageObjectRow,
  storedObjectRow,
} from './objects';

/**
 * What the server knows of uploads it did not receive (UPLOAD_DRIVER=oss: browsers upload straight
 * to an external bucket, docs/upload-protocol.md §7): such an object is recorded in
 * storage_objects when a feature first uses its key (the evidence of a report, the 520 photo),
 * from its first bytes read on OSS, and shown and read there.
 */

/** What recording and showing uploads need. */
export type UploadDeps = Pick<AppDeps, 'db' | 'env'>;

/** storage_objects' bucket of objects of the external bucket: `oss:{OSS_BUCKET}`, apart from this server's own buckets (a key may be in both). */
export const externalBucketOf = (ossBucket: string): string => `oss:${ossBucket}`;

/** True for a row of an object in an external bucket. */
export const isExternalBucket = (bucket: string): boolean => bucket.startsWith('oss:');

/** The external bucket's row bucket of this configuration, or null without OSS_BUCKET. */
const configuredBucket = (env: UploadDeps['env']): string | null =>
  env.OSS_BUCKET ? externalBucketOf(env.OSS_BUCKET) : null;

/** The upload app whose folder holds a key (the longest such folder). */
async function appOfKey(deps: UploadDeps, key: string) {
  const apps = await deps.db
    .select({
      appId: uploadApps.appId,
      folder: uploadApps.folder,
      defaultAcl: uploadApps.defaultAcl,
      maxBytes: uploadApps.maxBytes,
    })
    .from(uploadApps);
  return (
    apps
      .filter((app) => key.startsWith(`${app.folder}/`))
      .sort((a, b) => b.folder.length - a.folder.length)[0] ?? null
  );
}

/** One first use as one process runs it (no sharing with others in flight); {@link recordExternalObject} is the way in. */
export async function recordFirstUse(
  deps: UploadDeps,
  bucket: string,
  userId: number,
  key: string,
): Promise<StorageObjectRow | null> {
  const existing = await storedObjectRow(deps.db, bucket, key);
  if (existing) return existing.userId === userId ? existing : null;
  // The key must be in the user's own folder, as the gateways issue them: no read on OSS otherwise.
  const app = keyProblem(key) === null ? await appOfKey(deps, key) : null;
  if (!app || ownerOfKey(key, app.folder) !== userId) return null;
  const scope = { appId: app.appId, userId, keyPrefix: `${app.folder}/u${userId}/` };
  const read = await readExternalHead(deps.env, scope, key, MEASURE_HEAD_BYTES);
  if (!read || read.size > app.maxBytes) return null;
  const contentType = sniffContentType(read.head.subarray(0, SNIFF_BYTES));
  const { width, height } = await imageSizeOfHead(read.head, contentType);
  const [inserted] = await deps.db
    .insert(storageObjects)
    .values({
      bucket,
      key,
      size: read.size,
      contentType,
      acl: app.defaultAcl,
      etag: read.etag,
      appId: app.appId,
      userId,
      width,
      height,
    })
    .onConflictDoNothing()
    .returning();
  // Another process recorded it first: its row, the same facts.
  return inserted ?? (await storedObjectRow(deps.db, bucket, key));
}

/** First uses in flight in this process, so concurrent ones read OSS once. */
const inFlight = new Map<string, Promise<StorageObjectRow | null>>();

/**
 * Records an object of the external bucket on its first use by `userId`: the key must be in the
 * user's own folder of an upload app (`{folder}/u{id}/…`, as the gateways issue), OSS must hold it
 * (a signed GetObject of its first bytes) and it may be no bigger than the app allows; its type is
 * sniffed from those bytes, an image measured, and the row inserted once (ON CONFLICT DO NOTHING:
 * concurrent first uses in any process record one). Null when the key is not the user's or OSS has
 * no such object (or an empty or oversized one); OSS unreachable is UpstreamUnavailableError (503).
 */
export async function recordExternalObject(
  deps: UploadDeps,
  userId: number,
  key: string,
): Promise<StorageObjectRow | null> {
  const bucket = configuredBucket(deps.env);
  if (!bucket) return null;
  const flight = `${deps.env.OSS_HOST}\n${bucket}\n${key}`;
  const running = inFlight.get(flight);
  if (running) return (await running)?.userId === userId ? running : null;
  const recording = recordFirstUse(deps, bucket, userId, key).finally(() => inFlight.delete(flight));
  inFlight.set(flight, recording);
  return recording;
}

/**
 * The caller's own stored objects among `keys` (rows of any bucket). With UPLOAD_DRIVER=oss a key
 * that has none is looked for on the external bucket and recorded on this first use.
 */
export async function ownedObjects(
  deps: UploadDeps,
  userId: number,
  keys: readonly string[],
): Promise<StorageObjectRow[]> {
  const unique = [...new Set(keys)];
  if (unique.length === 0) return [];
  const rows = await deps.db
    .select()
    .from(storageObjects)
    .where(and(inArray(storageObjects.key, unique), eq(storageObjects.userId, userId)));
  if (deps.env.UPLOAD_DRIVER !== 'oss') return rows;
  const known = new Set(rows.map((row) => row.key));
  const recorded = await Promise.all(
    unique.filter((key) => !known.has(key)).map((key) => recordExternalObject(deps, userId, key)),
  );
  return [...rows, ...recorded.filter((row): row is StorageObjectRow => row !== null)];
}

/** Where objects of the external bucket are shown: OSS_CDN_HOST (default OSS_HOST), no trailing slash. */
const externalCdnHost = (env: UploadDeps['env']): string | null =>
  (env.OSS_CDN_HOST ?? env.OSS_HOST)?.replace(/\/+$/, '') ?? null;

/** The URL of a stored object on this site's CDN. */
export const siteCdnUrl = (key: string): string => `${STORAGE_PATHS.cdnPrefix}/${key}`;

/**
 * Where each key's object is shown: on OSS_CDN_HOST when it is recorded in the external bucket,
 * else on this site's /cdn/ (one query, and none without OSS_BUCKET).
 */
export async function objectUrls(
  deps: UploadDeps,
  keys: readonly string[],
): Promise<(key: string) => string> {
  const bucket = configuredBucket(deps.env);
  const host = externalCdnHost(deps.env);
  if (!bucket || !host || keys.length === 0) return siteCdnUrl;
  const rows = await deps.db
    .select({ key: storageObjects.key })
    .from(storageObjects)
    .where(and(eq(storageObjects.bucket, bucket), inArray(storageObjects.key, [...new Set(keys)])));
  const external = new Set(rows.map((row) => row.key));
  return (key) => (external.has(key) ? `${host}/${key}` : siteCdnUrl(key));
}

/**
 * The bytes of a recorded object: from this server's store, or, for the external bucket's, read on
 * OSS (at most the app's size limit: an object may have been replaced since it was recorded); null
 * when it is gone (or is of an external bucket this configuration does not name).
 */
export async function readObject(
  deps: Pick<AppDeps, 'db' | 'env' | 'store'>,
  row: StorageObjectRow,
): Promise<Buffer | null> {
  if (!isExternalBucket(row.bucket)) {
    const got = await deps.store.get(row.bucket, row.key);
    if (!got) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of got.body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }
  if (row.bucket !== configuredBucket(deps.env)) return null;
  const [app] = await deps.db
    .select({ folder: uploadApps.folder, maxBytes: uploadApps.maxBytes })
    .from(uploadApps)
    .where(eq(uploadApps.appId, row.appId))
    .limit(1);
  if (!app) return null;
  const keyPrefix = `${app.folder}/${row.userId === null ? '' : `u${row.userId}/`}`;
  const scope = { appId: row.appId, userId: row.userId, keyPrefix };
  return readExternalObject(deps.env, scope, row.key, app.maxBytes);
}

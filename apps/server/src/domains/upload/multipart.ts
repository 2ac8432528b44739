import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  completeMultipartSchema,
  type ListParts,
  type MultipartInit,
  type StoredObject,
  type UploadedPart,
} from '@h5/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { multipartParts, multipartUploads, storageObjects } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { isStoreError, type ObjectStore } from '../../storage';
import type { Credential } from './credentials';
import { originOf } from './hosts';
import { checkKey } from './object-key';
import { recordObject, storedObjectOf } from './objects';
import { verifyOssRequest } from './oss-signature';
import { accessDenied, invalidArgument, noSuchUpload, StorageHostError } from './storage-error';

/** A part is at most 5 MiB; each but the last at least 100 KiB (docs/upload-protocol.md §2). */
export const PART_MAX_BYTES = 5 * 1024 * 1024;
export const PART_MIN_BYTES = 100 * 1024;
const ACLS = new Set(['private', 'public-read']);

type Upload = typeof multipartUploads.$inferSelect;

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value) || undefined;
};

/** The credential may not reach past its bucket and key prefix. */
function checkScope(credential: Credential, bucket: string, key: string) {
  checkKey(key);
  if (bucket !== credential.bucket) throw accessDenied(`The credential is not for bucket ${bucket}.`);
  if (!key.startsWith(credential.keyPrefix))
    throw accessDenied(`The key must start with ${credential.keyPrefix}.`);
}

/** The upload and a credential allowed to continue it: its own, or a live one of the same app, user and prefix. */
async function uploadFor(
  deps: AppDeps,
  request: FastifyRequest,
  bucket: string,
  key: string,
  uploadId: string,
) {
  const credential = await verifyOssRequest(deps, request, bucket, key);
  const [upload] = await deps.db
    .select()
    .from(multipartUploads)
    .where(eq(multipartUploads.uploadId, uploadId))
    .limit(1);
  if (!upload || upload.bucket !== bucket || upload.key !== key || upload.abortedAt) throw noSuchUpload();
  if (credential.appId !== upload.appId || credential.userId !== upload.userId) {
    throw accessDenied('The credential does not belong to the uploader of this upload.');
  }
  checkScope(credential, bucket, key);
  return upload;
}

/** init: `POST {ossHost}/{key}?uploads`. */
export async function initMultipart(
  deps: AppDeps,
  store: ObjectStore,
  request: FastifyRequest,
  bucket: string,
  key: string,
): Promise<MultipartInit> {
  const credential = await verifyOssRequest(deps, request, bucket, key);
  checkScope(credential, bucket, key);
  const aclHeader = header(request, 'x-oss-object-acl');
  if (aclHeader !== undefined && aclHeader !== 'default' && !ACLS.has(aclHeader))
    throw invalidArgument(`Invalid x-oss-object-acl: ${aclHeader}`);
  const acl = aclHeader === undefined || aclHeader === 'default' ? credential.acl : aclHeader;
  const contentType = header(request, 'content-type') ?? 'application/octet-stream';
  const uploadId = await store.createMultipart(bucket, key, contentType);
  await deps.db.insert(multipartUploads).values({
    uploadId,
    bucket,
    key,
    accessKeyId: credential.accessKeyId,
    appId: credential.appId,
    userId: credential.userId,
    contentType,
    acl,
    maxBytes: credential.maxBytes,
    backendUploadId: uploadId,
  });
  return { bucket, key, uploadId };
}

/** part: `PUT {ossHost}/{key}?partNumber=N&uploadId=ID`, the raw bytes (≤ 5 MiB, parsed by the scope's buffer parser). */
export async function uploadPart(
  deps: AppDeps,
  store: ObjectStore,
  request: FastifyRequest,
  reply: FastifyReply,
  target: { bucket: string; key: string; uploadId: string; partNumber: number },
): Promise<UploadedPart> {
  const { bucket, key, uploadId, partNumber } = target;
  if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > 10_000)
    throw invalidArgument('partNumber must be 1 to 10000.');
  const upload = await uploadFor(deps, request, bucket, key, uploadId);
  if (upload.completedAt) throw noSuchUpload();
  const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
  const md5 = header(request, 'content-md5');
  if (md5 && md5 !== createHash('md5').update(body).digest('base64')) {
    throw new StorageHostError(400, 'InvalidDigest', 'The Content-MD5 you specified is not valid.');
  }
  const part = await store.putPart(bucket, key, uploadId, partNumber, Readable.from([body]), PART_MAX_BYTES);
  const row = { uploadId, partNumber, size: part.size, etag: part.etag };
  await deps.db
    .insert(multipartParts)
    .values(row)
    .onConflictDoUpdate({
      target: [multipartParts.uploadId, multipartParts.partNumber],
      set: { size: part.size, etag: part.etag, createdAt: new Date() },
    });
  reply.header('etag', `"${part.etag}"`);
  return { partNumber, etag: part.etag, size: part.size };
}

/** list: `GET {ossHost}/{key}?uploadId=ID` — the parts the store holds, in order. */
export async function listParts(
  deps: AppDeps,
  store: ObjectStore,
  request: FastifyRequest,
  bucket: string,
  key: string,
  uploadId: string,
): Promise<ListParts> {
  const upload = await uploadFor(deps, request, bucket, key, uploadId);
  const parts = upload.completedAt
    ? await deps.db
        .select()
        .from(multipartParts)
        .where(eq(multipartParts.uploadId, uploadId))
        .orderBy(multipartParts.partNumber)
    : await store.listParts(bucket, key, uploadId);
  return { uploadId, key, parts: parts.map(({ partNumber, etag, size }) => ({ partNumber, etag, size })) };
}

async function completedObject(
  deps: AppDeps,
  upload: Upload,
  request: FastifyRequest,
): Promise<StoredObject> {
  const [row] = await deps.db
    .select()
    .from(storageObjects)
    .where(and(eq(storageObjects.bucket, upload.bucket), eq(storageObjects.key, upload.key)))
    .limit(1);
  if (!row) throw noSuchUpload();
  return storedObjectOf(row, `${originOf(request)}/cdn`);
}

/** complete: `POST {ossHost}/{key}?uploadId=ID`; completing again returns the same object. */
export async function completeMultipart(
  deps: AppDeps,
  store: ObjectStore,
  request: FastifyRequest,
  target: { bucket: string; key: string; uploadId: string },
): Promise<StoredObject> {
  const { bucket, key, uploadId } = target;
  const upload = await uploadFor(deps, request, bucket, key, uploadId);
  if (upload.completedAt) return completedObject(deps, upload, request);
  const parsed = completeMultipartSchema.safeParse(request.body);
  if (!parsed.success)
    throw new StorageHostError(400, 'MalformedXML', 'The body must be { parts: [{ partNumber, etag }] }.');
  const wanted = parsed.data.parts;
  for (let i = 1; i < wanted.length; i++) {
    if ((wanted[i]?.partNumber ?? 0) <= (wanted[i - 1]?.partNumber ?? 0)) {
      throw new StorageHostError(400, 'InvalidPartOrder', 'The list of parts was not in ascending order.');
    }
  }
  const held = new Map((await store.listParts(bucket, key, uploadId)).map((part) => [part.partNumber, part]));
  let total = 0;
  for (const [index, part] of wanted.entries()) {
    const found = held.get(part.partNumber);
    if (!found || found.etag !== part.etag.replaceAll('"', '').toLowerCase()) {
      throw new StorageHostError(
        400,
        'InvalidPart',
        `One or more of the specified parts could not be found: part ${part.partNumber}.`,
      );
    }
    if (index < wanted.length - 1 && found.size < PART_MIN_BYTES) {
      throw new StorageHostError(
        400,
        'EntityTooSmall',
        `Part ${part.partNumber} is smaller than ${PART_MIN_BYTES} bytes and is not the last part.`,
      );
    }
    total += found.size;
  }
  if (total > upload.maxBytes) {
    throw new StorageHostError(
      400,
      'EntityTooLarge',
      `Your proposed upload exceeds the maximum allowed size (${upload.maxBytes} bytes).`,
    );
  }
  let info: Awaited<ReturnType<ObjectStore['completeMultipart']>>;
  try {
    info = await store.completeMultipart(bucket, key, uploadId, wanted, { contentType: upload.contentType });
  } catch (error) {
    // A concurrent complete may have won the race: answer with its object.
    const [again] = await deps.db
      .select()
      .from(multipartUploads)
      .where(eq(multipartUploads.uploadId, uploadId))
      .limit(1);
    if (again?.completedAt && isStoreError(error)) return completedObject(deps, again, request);
    throw error;
  }
  const row = await recordObject(
    deps.db,
    store,
    {
      bucket,
      key,
      contentType: upload.contentType,
      acl: upload.acl,
      appId: upload.appId,
      userId: upload.userId,
    },
    info,
  );
  await deps.db
    .update(multipartUploads)
    .set({ completedAt: new Date() })
    .where(eq(multipartUploads.uploadId, uploadId));
  return storedObjectOf(row, `${originOf(request)}/cdn`);
}

/** abort: `DELETE {ossHost}/{key}?uploadId=ID`. */
export async function abortMultipart(
  deps: AppDeps,
  store: ObjectStore,
  request: FastifyRequest,
  bucket: string,
  key: string,
  uploadId: string,
): Promise<void> {
  const upload = await uploadFor(deps, request, bucket, key, uploadId);
  if (upload.completedAt) return;
  await store.abortMultipart(bucket, key, uploadId);
  await deps.db
    .update(multipartUploads)
    .set({ abortedAt: new Date() })
    .where(eq(multipartUploads.uploadId, uploadId));
}

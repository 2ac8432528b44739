import { Readable } from 'node:stream';
import type { MultipartInit, ObjectAcl } from '@h5/contract';
import type { XmlTree } from '@h5/core';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { multipartParts, multipartUploads } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { ObjectStore } from '../../storage';
import type { Credential } from './credentials';
import { checkKey } from './object-key';
import { assertMayWrite, isObjectAcl } from './objects';
import { headerOf, verifyOssRequest } from './oss-signature';
import { invalidDigest, md5Matches, readBody, refuseDeclaredLength } from './request-body';
import { accessDenied, invalidArgument, noSuchUpload } from './storage-error';

/** A part is at most 5 MiB; each but the last at least 100 KiB (docs/upload-protocol.md §2). */
export const PART_MAX_BYTES = 5 * 1024 * 1024;
export const PART_MIN_BYTES = 100 * 1024;
/** A complete's claim older than this belongs to a process that died mid-way: it may be taken over. */
export const COMPLETE_CLAIM_STALE_MS = 5 * 60_000;

export type Upload = typeof multipartUploads.$inferSelect;

/** The credential may not reach past its bucket and key prefix. */
export function checkScope(credential: Credential, bucket: string, key: string) {
  checkKey(key);
  if (bucket !== credential.bucket) throw accessDenied(`The credential is not for bucket ${bucket}.`);
  if (!key.startsWith(credential.keyPrefix))
    throw accessDenied(`The key must start with ${credential.keyPrefix}.`);
}

/** The upload and a credential allowed to continue it: its own, or a live one of the same app, user and prefix. */
export async function uploadFor(
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

/** The ACL a write asks for (`x-oss-object-acl`; absent or 'default': the credential's own). */
export function requestedAcl(request: FastifyRequest, credential: Credential): ObjectAcl {
  const asked = headerOf(request, 'x-oss-object-acl');
  if (asked !== undefined && !isObjectAcl(asked)) throw invalidArgument(`Invalid x-oss-object-acl: ${asked}`);
  return asked === undefined || asked === 'default' ? credential.acl : asked;
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
  const acl = requestedAcl(request, credential);
  // The declared type is only part of the signature: the stored type is sniffed at complete.
  const contentType = headerOf(request, 'content-type') || 'application/octet-stream';
  await assertMayWrite(deps.db, credential, bucket, key);
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

/**
 * part: `PUT {ossHost}/{key}?partNumber=N&uploadId=ID`, the raw bytes (at most 5 MiB, read here;
 * a declared length over it is refused before anything else). Returns the part's ETag.
 */
export async function uploadPart(
  deps: AppDeps,
  store: ObjectStore,
  request: FastifyRequest,
  target: { bucket: string; key: string; uploadId: string; partNumber: number },
): Promise<string> {
  const { bucket, key, uploadId, partNumber } = target;
  refuseDeclaredLength(request, PART_MAX_BYTES);
  if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > 10_000)
    throw invalidArgument('partNumber must be 1 to 10000.');
  const upload = await uploadFor(deps, request, bucket, key, uploadId);
  if (upload.completedAt) throw noSuchUpload();
  const body = await readBody(request, PART_MAX_BYTES);
  const md5 = headerOf(request, 'content-md5');
  if (md5 && !md5Matches(body, md5)) throw invalidDigest();
  const part = await store.putPart(bucket, key, uploadId, partNumber, Readable.from([body]), PART_MAX_BYTES);
  const row = { uploadId, partNumber, size: part.size, etag: part.etag };
  await deps.db
    .insert(multipartParts)
    .values(row)
    .onConflictDoUpdate({
      target: [multipartParts.uploadId, multipartParts.partNumber],
      set: { size: part.size, etag: part.etag, createdAt: new Date() },
    });
  return part.etag;
}

/** Parts per list answer, at most and by default (OSS's `max-parts`). */
const MAX_PARTS_LISTED = 1000;

/**
 * list: `GET {ossHost}/{key}?uploadId=ID[&max-parts=N&part-number-marker=M]` — the parts the
 * store holds, in order, as OSS's `ListPartsResult`.
 */
export async function listParts(
  deps: AppDeps,
  store: ObjectStore,
  request: FastifyRequest,
  bucket: string,
  key: string,
  uploadId: string,
): Promise<XmlTree> {
  const query = request.query as Record<string, string | undefined>;
  const maxParts = Number(query['max-parts'] ?? MAX_PARTS_LISTED);
  const marker = Number(query['part-number-marker'] ?? 0);
  if (!Number.isInteger(maxParts) || maxParts < 1 || maxParts > MAX_PARTS_LISTED)
    throw invalidArgument(`max-parts must be 1 to ${MAX_PARTS_LISTED}.`);
  if (!Number.isInteger(marker) || marker < 0)
    throw invalidArgument('part-number-marker must be a whole number.');
  const upload = await uploadFor(deps, request, bucket, key, uploadId);
  const recorded = await deps.db
    .select()
    .from(multipartParts)
    .where(eq(multipartParts.uploadId, uploadId))
    .orderBy(multipartParts.partNumber);
  // Before completion the store is the truth (of two racing PUTs, the part it kept).
  const held = upload.completedAt ? recorded : await store.listParts(bucket, key, uploadId);
  const when = new Map(recorded.map((part) => [part.partNumber, part.createdAt]));
  const after = held.filter((part) => part.partNumber > marker);
  const page = after.slice(0, maxParts);
  const truncated = after.length > page.length;
  return {
    Bucket: bucket,
    Key: key,
    UploadId: uploadId,
    PartNumberMarker: marker,
    NextPartNumberMarker: page.at(-1)?.partNumber ?? marker,
    MaxParts: maxParts,
    IsTruncated: truncated,
    Part: page.map((part) => ({
      PartNumber: part.partNumber,
      LastModified: (when.get(part.partNumber) ?? upload.createdAt).toISOString(),
      ETag: `"${part.etag}"`,
      Size: part.size,
    })),
  };
}

/** abort: `DELETE {ossHost}/{key}?uploadId=ID`; a complete in progress or done wins over it. */
export async function abortMultipart(
  deps: AppDeps,
  store: ObjectStore,
  request: FastifyRequest,
  bucket: string,
  key: string,
  uploadId: string,
): Promise<void> {
  await uploadFor(deps, request, bucket, key, uploadId);
  const [aborted] = await deps.db
    .update(multipartUploads)
    .set({ abortedAt: new Date() })
    .where(
      and(
        eq(multipartUploads.uploadId, uploadId),
        isNull(multipartUploads.completedAt),
        or(
          isNull(multipartUploads.completingAt),
          lt(multipartUploads.completingAt, new Date(Date.now() - COMPLETE_CLAIM_STALE_MS)),
        ),
      ),
    )
    .returning({ uploadId: multipartUploads.uploadId });
  if (aborted) await store.abortMultipart(bucket, key, uploadId);
}

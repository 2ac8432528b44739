import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ListParts, MultipartInit, UploadedPart } from '@h5/contract';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { multipartParts, multipartUploads } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { ObjectStore } from '../../storage';
import type { Credential } from './credentials';
import { checkKey } from './object-key';
import { assertMayWrite, isObjectAcl } from './objects';
import { verifyOssRequest } from './oss-signature';
import { accessDenied, invalidArgument, noSuchUpload, StorageHostError } from './storage-error';

/** A part is at most 5 MiB; each but the last at least 100 KiB (docs/upload-protocol.md §2). */
export const PART_MAX_BYTES = 5 * 1024 * 1024;
export const PART_MIN_BYTES = 100 * 1024;
/** A complete's claim older than this belongs to a process that died mid-way: it may be taken over. */
export const COMPLETE_CLAIM_STALE_MS = 5 * 60_000;

export type Upload = typeof multipartUploads.$inferSelect;

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
  if (aclHeader !== undefined && !isObjectAcl(aclHeader))
    throw invalidArgument(`Invalid x-oss-object-acl: ${aclHeader}`);
  const acl = aclHeader === undefined || aclHeader === 'default' ? credential.acl : aclHeader;
  // The declared type is only part of the signature: the stored type is sniffed at complete.
  const contentType = header(request, 'content-type') ?? 'application/octet-stream';
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

import { setTimeout as sleep } from 'node:timers/promises';
import { completeMultipartSchema, type StoredObject } from '@h5/contract';
import { parseXml, XmlError, xmlChildren, xmlChildText } from '@h5/core';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type MultipartResult, multipartParts, multipartUploads, storageObjects } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { ObjectStore, PartInfo } from '../../storage';
import { OPAQUE_TYPE } from './content-sniff';
import { originOf } from './hosts';
import { COMPLETE_CLAIM_STALE_MS, PART_MIN_BYTES, type Upload, uploadFor } from './multipart';
import { assertMayWrite, recordObject, sniffStored, storedObjectOf } from './objects';
import { readBody, refuseDeclaredLength } from './request-body';
import { noSuchUpload, StorageHostError } from './storage-error';

/** The largest complete body read (10,000 parts of OSS's XML fit well inside). */
const COMPLETE_BODY_MAX_BYTES = 2 * 1024 * 1024;

const malformedXml = () =>
  new StorageHostError(
    400,
    'MalformedXML',
    'The XML you provided was not well-formed or did not validate against our published schema.',
  );

/** The parts of a complete's `<CompleteMultipartUpload>` body, as listed (their order checked later). */
async function requestedParts(request: FastifyRequest) {
  const text = (await readBody(request, COMPLETE_BODY_MAX_BYTES)).toString('utf8');
  let root: ReturnType<typeof parseXml>;
  try {
    root = parseXml(text);
  } catch (error) {
    if (error instanceof XmlError && error.tooDeep)
      throw new StorageHostError(400, 'InvalidArgument', error.message, 'parts: XML 嵌套不能超过 32 层');
    throw malformedXml();
  }
  if (root.name !== 'CompleteMultipartUpload') throw malformedXml();
  const parts = xmlChildren(root, 'Part').map((part) => ({
    partNumber: Number(xmlChildText(part, 'PartNumber') || Number.NaN),
    etag: xmlChildText(part, 'ETag') ?? '',
  }));
  const parsed = completeMultipartSchema.safeParse({ parts });
  if (!parsed.success) throw malformedXml();
  return parsed.data.parts;
}

/** How long a complete waits for a concurrent one to finish before answering 409. */
const COMPLETE_WAIT_MS = 60_000;
const POLL_FIRST_MS = 20;
const POLL_MAX_MS = 250;

/** The storage host's answer for a remembered result (fields in the order of storedObjectOf). */
const answerOf = (upload: Upload, result: MultipartResult, cdnHost: string): StoredObject => ({
  bucket: upload.bucket,
  key: upload.key,
  size: result.size,
  etag: result.etag,
  contentType: result.contentType,
  url: `${cdnHost}/${upload.key}`,
  width: result.width,
  height: result.height,
});

/** The answer of a completed upload: its remembered result (older rows: the object's row). */
async function completedObject(deps: AppDeps, upload: Upload, cdnHost: string): Promise<StoredObject> {
  if (upload.result) return answerOf(upload, upload.result, cdnHost);
  const [row] = await deps.db
    .select()
    .from(storageObjects)
    .where(and(eq(storageObjects.bucket, upload.bucket), eq(storageObjects.key, upload.key)))
    .limit(1);
  if (!row) throw noSuchUpload();
  return storedObjectOf(row, cdnHost);
}

type Claim = { kind: 'claimed'; upload: Upload } | { kind: 'done'; upload: Upload } | { kind: 'busy' };

/**
 * Takes the upload's complete claim in one conditional UPDATE (on PostgreSQL concurrent updaters
 * queue on the row and re-check the condition, so exactly one wins); otherwise says why not.
 */
async function claim(deps: AppDeps, uploadId: string): Promise<Claim> {
  const now = new Date();
  const [claimed] = await deps.db
    .update(multipartUploads)
    .set({ completingAt: now })
    .where(
      and(
        eq(multipartUploads.uploadId, uploadId),
        isNull(multipartUploads.completedAt),
        isNull(multipartUploads.abortedAt),
        or(
          isNull(multipartUploads.completingAt),
          lt(multipartUploads.completingAt, new Date(now.getTime() - COMPLETE_CLAIM_STALE_MS)),
        ),
      ),
    )
    .returning();
  if (claimed) return { kind: 'claimed', upload: claimed };
  const [current] = await deps.db
    .select()
    .from(multipartUploads)
    .where(eq(multipartUploads.uploadId, uploadId))
    .limit(1);
  if (!current || current.abortedAt) throw noSuchUpload();
  return current.completedAt ? { kind: 'done', upload: current } : { kind: 'busy' };
}

/** The parts of the request, checked against those the store holds (each error its OSS code). */
async function checkedParts(
  store: ObjectStore,
  upload: Upload,
  wanted: ReadonlyArray<{ partNumber: number; etag: string }>,
): Promise<PartInfo[]> {
  for (let i = 1; i < wanted.length; i++) {
    if ((wanted[i]?.partNumber ?? 0) <= (wanted[i - 1]?.partNumber ?? 0)) {
      throw new StorageHostError(400, 'InvalidPartOrder', 'The list of parts was not in ascending order.');
    }
  }
  const held = new Map(
    (await store.listParts(upload.bucket, upload.key, upload.uploadId)).map((part) => [
      part.partNumber,
      part,
    ]),
  );
  const used: PartInfo[] = [];
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
    used.push(found);
  }
  const total = used.reduce((sum, part) => sum + part.size, 0);
  if (total > upload.maxBytes) {
    throw new StorageHostError(
      400,
      'EntityTooLarge',
      `Your proposed upload exceeds the maximum allowed size (${upload.maxBytes} bytes).`,
    );
  }
  return used;
}

/** Joins the parts, records the object and remembers the result with completed_at; the claim holder only. */
async function finish(
  deps: AppDeps,
  store: ObjectStore,
  upload: Upload,
  wanted: ReadonlyArray<{ partNumber: number; etag: string }>,
): Promise<MultipartResult> {
  const { bucket, key, uploadId } = upload;
  const used = await checkedParts(store, upload, wanted);
  await assertMayWrite(deps.db, upload, bucket, key);
  // The init's declared type is the client's word: the store gets none (sniffed just below).
  const info = await store.completeMultipart(bucket, key, uploadId, wanted, { contentType: OPAQUE_TYPE });
  const contentType = await sniffStored(store, bucket, key);
  const row = await recordObject(
    deps.db,
    store,
    { bucket, key, contentType, acl: upload.acl, appId: upload.appId, userId: upload.userId },
    info,
  );
  const result: MultipartResult = {
    size: row.size,
    etag: row.etag,
    contentType: row.contentType,
    width: row.width,
    height: row.height,
  };
  await deps.db.transaction(async (tx) => {
    // The parts the object was made of, so a list after completion shows exactly those.
    await tx.delete(multipartParts).where(eq(multipartParts.uploadId, uploadId));
    if (used.length > 0) {
      await tx
        .insert(multipartParts)
        .values(used.map(({ partNumber, size, etag }) => ({ uploadId, partNumber, size, etag })));
    }
    await tx
      .update(multipartUploads)
      .set({ completedAt: new Date(), completingAt: null, result })
      .where(eq(multipartUploads.uploadId, uploadId));
  });
  return result;
}

/**
 * complete: `POST {ossHost}/{key}?uploadId=ID`, body OSS's `<CompleteMultipartUpload>`. One request at a time completes an upload (the
 * claim); concurrent completes, in this process or another, wait for it and answer the object
 * it stored, as does every complete after it. A failed complete releases the claim.
 */
export async function completeMultipart(
  deps: AppDeps,
  store: ObjectStore,
  request: FastifyRequest,
  target: { bucket: string; key: string; uploadId: string },
): Promise<StoredObject> {
  refuseDeclaredLength(request, COMPLETE_BODY_MAX_BYTES);
  const cdnHost = `${originOf(request)}/cdn`;
  const first = await uploadFor(deps, request, target.bucket, target.key, target.uploadId);
  if (first.completedAt) return completedObject(deps, first, cdnHost);
  const parts = await requestedParts(request);

  const deadline = Date.now() + COMPLETE_WAIT_MS;
  for (let wait = POLL_FIRST_MS; ; wait = Math.min(wait * 2, POLL_MAX_MS)) {
    const state = await claim(deps, target.uploadId);
    if (state.kind === 'done') return completedObject(deps, state.upload, cdnHost);
    if (state.kind === 'claimed') {
      try {
        return answerOf(state.upload, await finish(deps, store, state.upload, parts), cdnHost);
      } catch (error) {
        await deps.db
          .update(multipartUploads)
          .set({ completingAt: null })
          .where(and(eq(multipartUploads.uploadId, target.uploadId), isNull(multipartUploads.completedAt)));
        throw error;
      }
    }
    if (Date.now() >= deadline) {
      throw new StorageHostError(
        409,
        'OperationAborted',
        'A conflicting operation is currently in progress against this upload. Please try again.',
      );
    }
    await sleep(wait);
  }
}

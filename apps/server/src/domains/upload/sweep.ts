import { and, inArray, isNull, lt, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { multipartParts, multipartUploads, uploadCredentials } from '../../db/schema';
import { isStoreError, type ObjectStore } from '../../storage';
import { pruneCdnCache } from './cdn-cache';
import { COMPLETE_CLAIM_STALE_MS } from './multipart';

const HOUR_MS = 3_600_000;
/** An unfinished multipart upload is kept this long for a resume, then aborted. */
export const MULTIPART_KEEP_MS = 7 * 24 * HOUR_MS;
/** An expired credential is kept this long (for support questions), then deleted. */
export const CREDENTIAL_KEEP_MS = 24 * HOUR_MS;
/** How often a serving process prunes its processed-image cache. */
export const SWEEP_INTERVAL_MS = HOUR_MS;
/** Uploads aborted per batch, so one sweep never holds a long transaction. */
const BATCH = 200;

export interface SweepResult {
  abortedUploads: number;
  deletedCredentials: number;
}

/**
 * Frees what abandoned uploads leave behind: multipart uploads neither completed nor aborted
 * within {@link MULTIPART_KEEP_MS} lose their staged parts (the store) and their part rows, and
 * are marked aborted (a late resume then starts over); credentials expired for longer than
 * {@link CREDENTIAL_KEEP_MS} are deleted. Safe to run in several processes at once.
 */
export async function sweepUploads(db: Db, store: ObjectStore, now = new Date()): Promise<SweepResult> {
  const uploadCutoff = new Date(now.getTime() - MULTIPART_KEEP_MS);
  const claimCutoff = new Date(now.getTime() - COMPLETE_CLAIM_STALE_MS);
  let abortedUploads = 0;
  for (;;) {
    const stale = await db
      .select({
        uploadId: multipartUploads.uploadId,
        bucket: multipartUploads.bucket,
        key: multipartUploads.key,
      })
      .from(multipartUploads)
      .where(
        and(
          isNull(multipartUploads.completedAt),
          isNull(multipartUploads.abortedAt),
          lt(multipartUploads.createdAt, uploadCutoff),
          // Not one a complete is joining right now (its claim is fresh).
          or(isNull(multipartUploads.completingAt), lt(multipartUploads.completingAt, claimCutoff)),
        ),
      )
      .limit(BATCH);
    for (const upload of stale) {
      try {
        await store.abortMultipart(upload.bucket, upload.key, upload.uploadId);
      } catch (error) {
        // Already gone from the store (another process, or a lost staging folder): still mark it.
        if (!isStoreError(error) || error.code !== 'NoSuchUpload') throw error;
      }
    }
    if (stale.length > 0) {
      const ids = stale.map((upload) => upload.uploadId);
      await db.transaction(async (tx) => {
        await tx.delete(multipartParts).where(inArray(multipartParts.uploadId, ids));
        await tx
          .update(multipartUploads)
          .set({ abortedAt: now })
          .where(and(inArray(multipartUploads.uploadId, ids), isNull(multipartUploads.completedAt)));
      });
      abortedUploads += stale.length;
    }
    if (stale.length < BATCH) break;
  }
  const deleted = await db
    .delete(uploadCredentials)
    .where(lt(uploadCredentials.expiresAt, new Date(now.getTime() - CREDENTIAL_KEEP_MS)))
    .returning({ accessKeyId: uploadCredentials.accessKeyId });
  return { abortedUploads, deletedCredentials: deleted.length };
}

/**
 * Prunes this process's processed-image cache under `cacheDir` every {@link SWEEP_INTERVAL_MS}
 * while the app is open (the cache is a node's own files, so every node prunes its own); a
 * failure is logged. {@link sweepUploads} is shared work and runs on the job queue (jobs.ts).
 */
export function startCdnCachePruner(app: FastifyInstance, cacheDir: string): void {
  const run = () =>
    pruneCdnCache(cacheDir).then(
      (result) => {
        if (result.removedFiles > 0) app.log.info(result, 'cdn cache pruned');
      },
      (error: unknown) => app.log.error({ err: error }, 'cdn cache prune failed'),
    );
  const timer = setInterval(run, SWEEP_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

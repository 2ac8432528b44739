import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { storageObjects, uploadApps, uploadCredentials } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { ObjectStore } from '../../storage';
import { cachedFile } from './cdn-cache';
import { isInlineType, OPAQUE_TYPE } from './content-sniff';
import { queryProblem, storageRefusal } from './form-input';
import { bucketOf } from './hosts';
import {
  contentTypeOf,
  imageTransformer,
  parseImageProcess,
  processId,
  sourceFormatOf,
} from './image-process';
import { cdnKey } from './object-key';
import type { StorageObjectRow } from './objects';
import { hmacSha1 } from './policy';
import type { RenderGate } from './render-gate';
import { accessDenied, invalidArgument, noSuchKey } from './storage-error';

const PUBLIC_CACHE = 'public, max-age=31536000, immutable';
const PRIVATE_CACHE = 'private, max-age=0, must-revalidate';

/**
 * Sent with every /cdn/ answer (objects, seed art and photos, errors): nothing there is a page of
 * the site. nosniff keeps browsers to the type we send; the CSP forbids every load and sandboxes
 * the document, so even a file opened directly runs no script on the site's origin (issue 11
 * point 7). Set on request, so a site-wide hook that keeps a route's own CSP leaves it alone.
 */
export const CDN_SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; frame-ancestors 'self'; sandbox",
} as const;

/** Inline for the sniffed images and videos; anything else is a download, never a document. */
function sendAs(reply: FastifyReply, row: StorageObjectRow): FastifyReply {
  if (isInlineType(row.contentType)) return reply.type(row.contentType);
  const name = row.key.slice(row.key.lastIndexOf('/') + 1);
  // Key characters are [A-Za-z0-9._/-!*'()~] (object-key.ts): nothing to escape in the quotes.
  return reply.type(OPAQUE_TYPE).header('content-disposition', `attachment; filename="${name}"`);
}

/** The object at a CDN key: the app buckets first, then their abroad twins. */
async function findObject(deps: AppDeps, key: string): Promise<StorageObjectRow | null> {
  const apps = await deps.db.select({ appId: uploadApps.appId }).from(uploadApps);
  const buckets = apps.flatMap(({ appId }) => [bucketOf(appId, false), bucketOf(appId, true)]);
  if (buckets.length === 0) return null;
  const rows = await deps.db
    .select()
    .from(storageObjects)
    .where(and(inArray(storageObjects.bucket, buckets), eq(storageObjects.key, key)));
  return (
    rows.sort((a, b) => Number(a.bucket.endsWith('-abroad')) - Number(b.bucket.endsWith('-abroad')))[0] ??
    null
  );
}

/** A private object may be read with a signed URL of a live credential of its app (and owner), or by its owner's session. */
async function mayRead(deps: AppDeps, request: FastifyRequest, row: StorageObjectRow): Promise<boolean> {
  if (row.acl === 'public-read') return true;
  const query = request.query as Record<string, string | undefined>;
  const { OSSAccessKeyId: accessKeyId, Expires: expires, Signature: signature } = query;
  if (accessKeyId && expires && signature) {
    const seconds = Number(expires);
    if (!Number.isInteger(seconds) || seconds * 1000 <= Date.now())
      throw accessDenied('Request has expired.');
    const [credential] = await deps.db
      .select()
      .from(uploadCredentials)
      .where(eq(uploadCredentials.accessKeyId, accessKeyId))
      .limit(1);
    if (!credential || credential.appId !== row.appId || credential.expiresAt.getTime() <= Date.now()) {
      throw accessDenied('The OSS Access Key Id you provided is not valid for this object.');
    }
    // An app credential (no user) signs only for app objects, never for a user's (issue 11 point 9).
    if (credential.userId !== row.userId) throw accessDenied("The credential is not the owner's.");
    const expected = hmacSha1(credential.accessKeySecret, `GET\n\n\n${expires}\n/${row.bucket}/${row.key}`);
    if (expected !== signature)
      throw accessDenied('The request signature we calculated does not match the signature you provided.');
    return true;
  }
  const state = await deps.sessions.resolve(request);
  return state.kind === 'active' && row.userId !== null && state.session.user.userId === row.userId;
}

/**
 * GET /cdn/{key}: stored objects with their ACL, images resized and converted by
 * `x-oss-process` with sharp (never enlarged), results cached under DATA_DIR/cdn-cache (pruned
 * by the upload sweeper, least recently used first).
 */
export function cdnHandler(deps: AppDeps, store: ObjectStore, gate: RenderGate) {
  const cacheDir = join(resolve(deps.env.DATA_DIR), 'cdn-cache');

  /** The processed bytes' cache file, made once per key + etag + process. */
  async function processed(row: StorageObjectRow, value: string, id: string): Promise<string | null> {
    const process = parseImageProcess(value);
    if (!process) throw invalidArgument(`Unsupported x-oss-process: ${value}`);
    const source = sourceFormatOf(row.contentType);
    if (!source) return null;
    const name = createHash('sha256').update(`${row.bucket}\n${row.key}\n${row.etag}\n${id}`).digest('hex');
    return cachedFile(join(cacheDir, name.slice(0, 2), name), (temp) =>
      gate.run(async () => {
        const got = await store.get(row.bucket, row.key);
        if (!got) throw noSuchKey();
        await pipeline(got.body, imageTransformer(process, source), createWriteStream(temp));
      }),
    );
  }

  return async (request: FastifyRequest, reply: FastifyReply) => {
    const badParam = queryProblem(request.query as Record<string, unknown>);
    if (badParam) throw storageRefusal(badParam);
    const key = cdnKey(request);
    const row = await findObject(deps, key);
    if (!row) throw noSuchKey();
    if (!(await mayRead(deps, request, row)))
      throw accessDenied('You have no right to access this object because of bucket acl.');
    reply.header('cache-control', row.acl === 'public-read' ? PUBLIC_CACHE : PRIVATE_CACHE);
    const value = (request.query as Record<string, string | undefined>)['x-oss-process'];
    // Only raster images are processed; GIF (animation) and anything else are served as stored.
    const id = value && sourceFormatOf(row.contentType) ? processId(value) : null;
    const etag = id ? `"${row.etag}-${id}"` : `"${row.etag}"`;
    reply.header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    const path = value && id ? await processed(row, value, id) : null;
    if (path) {
      const process = parseImageProcess(value as string);
      const format = process?.format ?? sourceFormatOf(row.contentType) ?? 'jpeg';
      const size = (await stat(path)).size;
      return reply.type(contentTypeOf(format)).header('content-length', size).send(createReadStream(path));
    }
    const got = await store.get(row.bucket, row.key);
    if (!got) throw noSuchKey();
    return sendAs(reply, row).header('content-length', got.size).send(got.body);
  };
}

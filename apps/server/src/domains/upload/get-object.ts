import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';
import { byteRange } from '../../plugins/byte-range';
import type { ObjectStore } from '../../storage';
import { checkScope } from './multipart';
import { storedObjectRow } from './objects';
import { verifyOssRequest } from './oss-signature';
import { accessDenied, noSuchKey, StorageHostError } from './storage-error';

/** The bytes `start`–`end` (inclusive) of a stream; the source is closed once they have passed. */
async function* sliceOf(body: Readable, start: number, end: number) {
  let at = 0;
  try {
    for await (const chunk of body) {
      const bytes = chunk as Buffer;
      const from = Math.max(0, start - at);
      const to = Math.min(bytes.length, end + 1 - at);
      if (to > from) yield bytes.subarray(from, to);
      at += bytes.length;
      if (at > end) break;
    }
  } finally {
    body.destroy();
  }
}

/**
 * GetObject and HeadObject: `GET|HEAD {ossHost}/{key}`, signed (docs/upload-protocol.md §2), so a
 * server with UPLOAD_DRIVER=oss can read what browsers uploaded, on real OSS or on this host as its
 * stand-in. The credential must reach the key (bucket, prefix) and be of the object's app and
 * owner, as a signed CDN URL must; one `Range: bytes=a-b` answers 206. Objects are served as
 * stored, with their sniffed type.
 */
export async function getObject(
  deps: AppDeps,
  store: ObjectStore,
  request: FastifyRequest,
  reply: FastifyReply,
  bucket: string,
  key: string,
) {
  const credential = await verifyOssRequest(deps, request, bucket, key);
  checkScope(credential, bucket, key);
  const row = await storedObjectRow(deps.db, bucket, key);
  if (!row) throw noSuchKey();
  if (row.appId !== credential.appId || row.userId !== credential.userId)
    throw accessDenied("The credential is not the object's owner's.");
  reply
    .header('etag', `"${row.etag}"`)
    .header('last-modified', row.createdAt.toUTCString())
    .header('accept-ranges', 'bytes')
    .header('x-oss-object-type', 'Normal')
    .type(row.contentType);
  if (request.method === 'HEAD') {
    if (!(await store.head(bucket, key))) throw noSuchKey();
    return reply.header('content-length', row.size).send();
  }
  const got = await store.get(bucket, key);
  if (!got) throw noSuchKey();
  const range = byteRange(request.headers.range, got.size);
  if (range === 'unsatisfiable') {
    got.body.destroy();
    throw new StorageHostError(416, 'InvalidRange', 'The requested range cannot be satisfied.', undefined, {
      ActualObjectSize: String(got.size),
    });
  }
  if (!range) return reply.header('content-length', got.size).send(got.body);
  return reply
    .code(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${got.size}`)
    .header('content-length', range.end - range.start + 1)
    .send(Readable.from(sliceOf(got.body, range.start, range.end)));
}

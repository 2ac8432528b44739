import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';
import type { ObjectStore } from '../../storage';
import { sniffStream } from './content-sniff';
import { checkScope, requestedAcl } from './multipart';
import { assertMayWrite, recordObject, storedObjectRow } from './objects';
import { headerOf, verifyOssRequest } from './oss-signature';
import { bodyStream, invalidDigest, md5Checked, refuseDeclaredLength } from './request-body';
import { StorageHostError } from './storage-error';

/**
 * PutObject: `PUT {ossHost}/{key}`, the body the object's bytes (docs/upload-protocol.md §2).
 * Signed like multipart; the same scope, folder and owner checks; at most the credential's max
 * bytes; a `Content-MD5` is checked (nothing is stored when it does not match). The bytes are
 * streamed into the store, their type sniffed from the first of them. 200 with the ETag, no body.
 */
export async function putObject(
  deps: AppDeps,
  store: ObjectStore,
  request: FastifyRequest,
  reply: FastifyReply,
  bucket: string,
  key: string,
) {
  const credential = await verifyOssRequest(deps, request, bucket, key);
  checkScope(credential, bucket, key);
  refuseDeclaredLength(request, credential.maxBytes);
  const acl = requestedAcl(request, credential);
  if (headerOf(request, 'x-oss-forbid-overwrite') === 'true') {
    if (await storedObjectRow(deps.db, bucket, key))
      throw new StorageHostError(409, 'FileAlreadyExists', 'The object you specified already exists.');
  }
  await assertMayWrite(deps.db, credential, bucket, key);
  const contentMd5 = headerOf(request, 'content-md5');
  const checked = contentMd5 ? md5Checked(bodyStream(request), contentMd5) : null;
  // The request's Content-Type is the client's word: the stored type comes from the bytes.
  const { contentType, body } = await sniffStream(checked?.body ?? bodyStream(request));
  let info: Awaited<ReturnType<ObjectStore['put']>>;
  try {
    info = await store.put(bucket, key, body, { contentType, maxBytes: credential.maxBytes });
  } catch (error) {
    // However the store reports a stream that failed, a digest mismatch is the client's error.
    if (checked?.failed()) throw invalidDigest();
    throw error;
  }
  await recordObject(
    deps.db,
    store,
    { bucket, key, contentType, acl, appId: credential.appId, userId: credential.userId },
    info,
  );
  if (contentMd5) reply.header('content-md5', contentMd5);
  return reply.header('etag', `"${info.etag}"`).send();
}

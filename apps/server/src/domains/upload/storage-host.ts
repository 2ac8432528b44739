import { randomBytes } from 'node:crypto';
import { OSS_SIGNED_SUBRESOURCES, SERVICE_UNAVAILABLE, xmlDocument } from '@h5/core';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../../db/unavailable';
import type { AppDeps } from '../../deps';
import { isAppError } from '../../plugins/errors';
import { isStoreError, isStoreUnavailable, type ObjectStore, type StoreErrorCode } from '../../storage';
import {
  contentTypeProblem,
  isMalformedForm,
  malformedPostRequest,
  queryProblem,
  storageRefusal,
} from './form-input';
import { getObject } from './get-object';
import { originOf } from './hosts';
import { abortMultipart, initMultipart, listParts, uploadPart } from './multipart';
import { completeMultipart } from './multipart-complete';
import { bucketAndKey } from './object-key';
import { postObject } from './post-object';
import { putObject } from './put-object';
import {
  invalidArgument,
  isStorageHostError,
  ossErrorXml,
  StorageHostError,
  storageErrorBody,
} from './storage-error';

const STORE_STATUS: Record<StoreErrorCode, number> = {
  EntityTooLarge: 400,
  EntityTooSmall: 400,
  InvalidPart: 400,
  InvalidObjectName: 400,
  NoSuchUpload: 404,
};

/** A failure as the storage host or CDN answers it; null for an unexpected one (a 500, logged). */
interface Refusal {
  status: number;
  code: string;
  message: string;
  userMessage?: string | undefined;
  details?: Readonly<Record<string, string>>;
}

function refusalOf(error: FastifyError | Error, request: FastifyRequest): Refusal {
  if (isStorageHostError(error)) return error;
  if (isMalformedForm(error)) return malformedPostRequest(error);
  // The app's own refusal of a body (its text names the field) in this format.
  if (isAppError(error) && error.httpStatus === 400)
    return { status: 400, code: 'InvalidArgument', message: error.message, userMessage: error.message };
  if (isStoreError(error))
    return { status: STORE_STATUS[error.code], code: error.code, message: error.message };
  if (isDatabaseUnavailable(error) || isStoreUnavailable(error)) {
    request.log.warn({ err: error }, 'storage host: database or object store unavailable');
    return {
      status: SERVICE_UNAVAILABLE,
      code: 'ServiceUnavailable',
      message: 'The service is temporarily unavailable. Please try again later.',
    };
  }
  const status = (error as FastifyError).statusCode ?? 500;
  if (status === 413) return { status: 400, code: 'EntityTooLarge', message: error.message };
  if (status >= 400 && status < 500) return { status, code: 'InvalidArgument', message: error.message };
  request.log.error({ err: error }, 'storage host error');
  return {
    status: 500,
    code: 'InternalError',
    message: 'We encountered an internal error. Please try again.',
  };
}

/** Refused before the body was read: close the connection after the answer, not keep it half-read. */
function closeIfUnread(request: FastifyRequest, reply: FastifyReply) {
  if (!request.raw.complete) reply.header('connection', 'close');
}

/** Any failure of the CDN (and seed images) as JSON `{ code, msg, message }` (`msg` for people). */
export function sendStorageError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  closeIfUnread(request, reply);
  const refusal = refusalOf(error, request);
  return reply
    .code(refusal.status)
    .send(storageErrorBody(refusal.code, refusal.message, refusal.userMessage));
}

const REQUEST_ID_HEADER = 'x-oss-request-id';

/** Every storage host answer carries OSS's request id (24 hex digits), the error body's `RequestId`. */
export function addRequestId(_request: FastifyRequest, reply: FastifyReply, done: () => void) {
  reply.header(REQUEST_ID_HEADER, randomBytes(12).toString('hex').toUpperCase());
  done();
}

/** Any failure of the storage host as OSS's XML `<Error>` document. */
export function sendOssError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  closeIfUnread(request, reply);
  const refusal = refusalOf(error, request);
  const body = ossErrorXml(refusal, {
    requestId: String(reply.getHeader(REQUEST_ID_HEADER) ?? ''),
    hostId: new URL(originOf(request)).host,
  });
  reply.code(refusal.status);
  // A HEAD answer has no body: OSS sends the document base64 in x-oss-err.
  if (request.method === 'HEAD')
    return reply.header('x-oss-err', Buffer.from(body).toString('base64')).send();
  return reply.type('application/xml').send(body);
}

/** Where the storage host answers: `/oss/{bucket}` and `/oss/{bucket}/{key}`. */
export const OSS_PREFIX = '/oss';

type Operation =
  | 'PostObject'
  | 'PutObject'
  | 'InitiateMultipartUpload'
  | 'UploadPart'
  | 'ListParts'
  | 'CompleteMultipartUpload'
  | 'AbortMultipartUpload'
  | 'GetObject';

/** The OSS operation of a request, by method, key and sub-resources; null for one we do not offer. */
function operationOf(method: string, key: string, query: Record<string, unknown>): Operation | null {
  const has = (name: string) => name in query;
  if (key === '') return method === 'POST' ? 'PostObject' : null;
  switch (method) {
    case 'PUT':
      if (has('partNumber') || has('uploadId')) return 'UploadPart';
      return Object.keys(query).some((name) => OSS_SIGNED_SUBRESOURCES.has(name)) ? null : 'PutObject';
    case 'POST':
      if (has('uploads')) return 'InitiateMultipartUpload';
      return has('uploadId') ? 'CompleteMultipartUpload' : null;
    case 'GET':
      if (has('uploadId')) return 'ListParts';
      return Object.keys(query).some((name) => OSS_SIGNED_SUBRESOURCES.has(name)) ? null : 'GetObject';
    case 'HEAD':
      return Object.keys(query).length === 0 ? 'GetObject' : null;
    case 'DELETE':
      return has('uploadId') ? 'AbortMultipartUpload' : null;
    default:
      return null;
  }
}

const sendXml = (reply: FastifyReply, root: string, tree: Parameters<typeof xmlDocument>[1]) =>
  reply.type('application/xml').send(xmlDocument(root, tree));

/**
 * The storage host under /oss/{bucket} (docs/upload-protocol.md §2), speaking Aliyun OSS's wire
 * protocol: PostObject, PutObject, multipart (XML bodies, V1 header signing) and signed
 * GetObject / HeadObject (the reads of a server using this host as its external bucket), one handler for
 * every method of both paths. Stock OSS clients reach it through STORAGE_HOST_DOMAIN (app.ts).
 */
export function storageHostHandler(deps: AppDeps, store: ObjectStore) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const { bucket, key } = bucketAndKey(request, OSS_PREFIX);
    const query = request.query as Record<string, string | undefined>;
    const badParam = queryProblem(query);
    if (badParam) throw storageRefusal(badParam);
    const operation = operationOf(request.method, key, query);
    const uploadId = query.uploadId ?? '';
    switch (operation) {
      case 'PostObject':
        return postObject(deps, store, request, reply, bucket);
      case 'PutObject':
        return putObject(deps, store, request, reply, bucket, key);
      case 'InitiateMultipartUpload': {
        // Init keeps the request's content type with the upload (its column holds 128 characters).
        const longType = contentTypeProblem('header', 'Content-Type', request.headers['content-type']);
        if (longType) throw storageRefusal(longType);
        const init = await initMultipart(deps, store, request, bucket, key);
        return sendXml(reply, 'InitiateMultipartUploadResult', {
          Bucket: init.bucket,
          Key: init.key,
          UploadId: init.uploadId,
        });
      }
      case 'UploadPart': {
        if (uploadId === '') throw invalidArgument('uploadId is required.');
        const etag = await uploadPart(deps, store, request, {
          bucket,
          key,
          uploadId,
          partNumber: Number(query.partNumber),
        });
        return reply.header('etag', `"${etag}"`).send();
      }
      case 'ListParts':
        return sendXml(
          reply,
          'ListPartsResult',
          await listParts(deps, store, request, bucket, key, uploadId),
        );
      case 'CompleteMultipartUpload': {
        const object = await completeMultipart(deps, store, request, { bucket, key, uploadId });
        return reply
          .header('etag', `"${object.etag}"`)
          .type('application/xml')
          .send(
            xmlDocument('CompleteMultipartUploadResult', {
              Location: object.url,
              Bucket: object.bucket,
              Key: object.key,
              ETag: `"${object.etag}"`,
            }),
          );
      }
      case 'AbortMultipartUpload':
        await abortMultipart(deps, store, request, bucket, key, uploadId);
        return reply.code(204).send();
      case 'GetObject':
        return getObject(deps, store, request, reply, bucket, key);
      default:
        throw new StorageHostError(
          405,
          'MethodNotAllowed',
          'The specified method is not allowed against this resource.',
          undefined,
          { Method: request.method, ResourceType: key === '' ? 'Bucket' : 'Object' },
        );
    }
  };
}

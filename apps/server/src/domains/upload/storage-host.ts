import { SERVICE_UNAVAILABLE } from '@h5/core';
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
import { abortMultipart, initMultipart, listParts, uploadPart } from './multipart';
import { completeMultipart } from './multipart-complete';
import { bucketAndKey } from './object-key';
import { postObject } from './post-object';
import { invalidArgument, isStorageHostError, StorageHostError, storageErrorBody } from './storage-error';

const STORE_STATUS: Record<StoreErrorCode, number> = {
  EntityTooLarge: 400,
  EntityTooSmall: 400,
  InvalidPart: 400,
  InvalidObjectName: 400,
  NoSuchUpload: 404,
};

/** Any failure as the storage host's `{ code, msg, message }` (`msg` for people). */
export function sendStorageError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  // Refused before the body was read: close the connection after the answer, not keep it half-read.
  if (!request.raw.complete) reply.header('connection', 'close');
  if (isStorageHostError(error)) return reply.code(error.status).send(error.body());
  if (isMalformedForm(error)) return reply.code(400).send(malformedPostRequest(error).body());
  // The app's own refusal of a body (JSON nested too deep: its text names the field) in this format.
  if (isAppError(error) && error.httpStatus === 400)
    return reply.code(400).send(storageErrorBody('InvalidArgument', error.message, error.message));
  if (isStoreError(error))
    return reply.code(STORE_STATUS[error.code]).send(storageErrorBody(error.code, error.message));
  if (isDatabaseUnavailable(error) || isStoreUnavailable(error)) {
    request.log.warn({ err: error }, 'storage host: database or object store unavailable');
    return reply
      .code(SERVICE_UNAVAILABLE)
      .send(
        storageErrorBody(
          'ServiceUnavailable',
          'The service is temporarily unavailable. Please try again later.',
        ),
      );
  }
  const status = (error as FastifyError).statusCode ?? 500;
  if (status === 413) return reply.code(400).send(storageErrorBody('EntityTooLarge', error.message));
  if (status >= 400 && status < 500)
    return reply.code(status).send(storageErrorBody('InvalidArgument', error.message));
  request.log.error({ err: error }, 'storage host error');
  return reply
    .code(500)
    .send(storageErrorBody('InternalError', 'We encountered an internal error. Please try again.'));
}

/** Where the storage host answers: `/oss/{bucket}` and `/oss/{bucket}/{key}`. */
export const OSS_PREFIX = '/oss';

/**
 * The storage host under /oss/{bucket} (docs/upload-protocol.md §2): PostObject and multipart,
 * one handler for every method of both paths.
 */
export function storageHostHandler(deps: AppDeps, store: ObjectStore) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const { bucket, key } = bucketAndKey(request, OSS_PREFIX);
    const query = request.query as Record<string, string | undefined>;
    const badParam = queryProblem(query);
    if (badParam) throw storageRefusal(badParam);
    const uploadId = query.uploadId;
    if (request.method === 'POST' && key === '')
      return reply.send(await postObject(deps, store, request, bucket));
    if (request.method === 'POST' && 'uploads' in query) {
      // Init stores the request's content type as the object's.
      const longType = contentTypeProblem('header', 'Content-Type', request.headers['content-type']);
      if (longType) throw storageRefusal(longType);
      return reply.send(await initMultipart(deps, store, request, bucket, key));
    }
    if (uploadId === undefined) throw invalidArgument('uploadId is required.');
    switch (request.method) {
      case 'PUT':
        return reply.send(
          await uploadPart(deps, store, request, reply, {
            bucket,
            key,
            uploadId,
            partNumber: Number(query.partNumber),
          }),
        );
      case 'GET':
        return reply.send(await listParts(deps, store, request, bucket, key, uploadId));
      case 'POST':
        return reply.send(await completeMultipart(deps, store, request, { bucket, key, uploadId }));
      case 'DELETE':
        await abortMultipart(deps, store, request, bucket, key, uploadId);
        return reply.code(204).send();
      default:
        throw new StorageHostError(405, 'MethodNotAllowed', 'The specified method is not allowed.');
    }
  };
}

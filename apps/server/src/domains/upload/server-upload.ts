import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { PassThrough, type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ServerUploadResult } from '@h5/contract';
import { BYTES_PER_MB, SERVER_IMAGE_MAX_MB, SIGN_INVALID, UPLOAD_MESSAGES } from '@h5/core';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { uploadApps } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { success } from '../../plugins/envelope';
import { AppError, badRequest } from '../../plugins/errors';
import { SERVER_MESSAGES } from '../../plugins/messages';
import { isStoreError, keyProblem, type ObjectStore } from '../../storage';
import {
  UPLOAD_IDENTITY_INVALID,
  UPLOAD_PARAM_MISSING,
  UPLOAD_SERVER_MESSAGES,
  UPLOAD_TOO_LARGE,
} from './codes';
import { sniffStream } from './content-sniff';
import { formProblem, isMalformedForm } from './form-input';
import { originOf } from './hosts';
import { imageTransformer, sourceFormatOf } from './image-process';
import { recordObject, storedObjectOf } from './objects';

/** The server upload's limit (spec §9); the message always names SERVER_IMAGE_MAX_MB. */
export const SERVER_UPLOAD_MAX_BYTES = SERVER_IMAGE_MAX_MB * BYTES_PER_MB;
const TIMESTAMP_SKEW_MS = 15 * 60_000;
/** Room for the form's other fields and boundaries when judging Content-Length up front. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name.toLowerCase()];
  return (Array.isArray(value) ? value[0] : value) || undefined;
};

const tooLarge = () =>
  new AppError(UPLOAD_TOO_LARGE, UPLOAD_MESSAGES.serverImageTooLarge(SERVER_IMAGE_MAX_MB));

/** The signature of docs/upload-protocol.md §3: hex HMAC-SHA256 over the three headers. */
export const serverUploadSignature = (
  secret: string,
  accessToken: string,
  backstageCode: string,
  timestamp: string,
) => createHmac('sha256', secret).update(`${accessToken}\n${backstageCode}\n${timestamp}`).digest('hex');

/** The app the headers prove (4001 naming a missing header, 4003 unknown, 4011 bad signature). */
async function callerApp(deps: AppDeps, request: FastifyRequest) {
  const required = (name: string): string => {
    const value = header(request, name);
    if (!value) throw new AppError(UPLOAD_PARAM_MISSING, UPLOAD_SERVER_MESSAGES.headerMissing(name));
    return value;
  };
  const accessToken = required('accessToken');
  const backstageCode = required('backstageCode');
  const timestamp = required('timestamp');
  const signature = required('signature');
  const [app] = await deps.db
    .select()
    .from(uploadApps)
    .where(eq(uploadApps.accessToken, accessToken))
    .limit(1);
  if (!app || app.backstageCode !== backstageCode)
    throw new AppError(UPLOAD_IDENTITY_INVALID, UPLOAD_SERVER_MESSAGES.accessTokenInvalid);
  const expected = Buffer.from(
    serverUploadSignature(app.accessSecret, accessToken, backstageCode, timestamp),
  );
  const given = Buffer.from(signature.toLowerCase());
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw new AppError(SIGN_INVALID, SERVER_MESSAGES.signMismatch, 403);
  }
  if (Math.abs(Number(timestamp) - Date.now()) > TIMESTAMP_SKEW_MS || !/^\d+$/.test(timestamp)) {
    throw new AppError(UPLOAD_IDENTITY_INVALID, UPLOAD_SERVER_MESSAGES.timestampStale);
  }
  return app;
}

const truthy = (value: string | undefined) => value === 'true' || value === '1';
const suffixOf = (name: string) => (/\.([A-Za-z0-9]{1,10})$/.exec(name)?.[1] ?? '').toLowerCase();

/** The key's last segment: customName, the original name (when safe), or a random name with the file's suffix. */
function nameFor(fields: Map<string, string>, filename: string, suffix: string): string {
  const custom = fields.get('customname');
  if (custom) {
    if (keyProblem(custom) || custom.includes('/'))
      throw badRequest('customName', "letters, digits and ._-!*'()~ only");
    return custom;
  }
  if (truthy(fields.get('isoriginalname')) && filename && !keyProblem(filename) && !filename.includes('/'))
    return filename;
  return `${randomBytes(12).toString('hex')}${suffix ? `.${suffix}` : ''}`;
}

/** POST /media-center/open/uploadFile (docs/upload-protocol.md §3). */
async function serverUpload(
  deps: AppDeps,
  store: ObjectStore,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<ServerUploadResult> {
  const app = await callerApp(deps, request);
  const length = Number(request.headers['content-length'] ?? 0);
  if (length > SERVER_UPLOAD_MAX_BYTES + FORM_OVERHEAD_BYTES) {
    // The body stays unread: close the connection after the answer instead of keeping it half-read.
    reply.header('connection', 'close');
    throw tooLarge();
  }
  if (!request.isMultipart()) throw badRequest('file', 'a multipart/form-data body is required');
  const file = await request.file({
    limits: { fileSize: SERVER_UPLOAD_MAX_BYTES + 1, files: 1, fields: 20, fieldSize: 4096 },
  });
  if (!file) throw badRequest('file', UPLOAD_SERVER_MESSAGES.fileMissing);
  try {
    const badField = formProblem(file);
    if (badField) throw badRequest(badField.name, badField.reason);
    const fields = new Map<string, string>();
    for (const [name, entry] of Object.entries(file.fields)) {
      const one = Array.isArray(entry) ? entry[0] : entry;
      if (one?.type === 'field' && typeof one.value === 'string') fields.set(name.toLowerCase(), one.value);
    }
    if (fields.get('appid') !== app.appId) throw badRequest('appId', 'must be the app of the accessToken');
    const quality = Number(fields.get('quality') ?? 75);
    if (!Number.isInteger(quality) || quality < 1 || quality > 100)
      throw badRequest('quality', 'a whole number from 1 to 100');
    const suffix = suffixOf(file.filename);
    const name = nameFor(fields, file.filename, suffix);
    const key = `${app.folder}/server/${new Date().toISOString().slice(0, 10).replaceAll('-', '/')}/${name}`;
    // The type comes from the bytes, never from the file name (an .exe named .jpg stays opaque).
    const sniffed = await sniffStream(file.file);
    const contentType = sniffed.contentType;
    const format = truthy(fields.get('iscompress')) ? sourceFormatOf(contentType) : null;

    let body: Readable = sniffed.body;
    if (format) {
      // Re-encode on the way in; the limit still counts the bytes the client sent.
      const out = new PassThrough();
      pipeline(
        sniffed.body,
        limitTo(SERVER_UPLOAD_MAX_BYTES),
        imageTransformer({ quality }, format),
        out,
      ).catch((error) => out.destroy(error));
      body = out;
    }
    const info = await store.put(app.appId, key, body, {
      contentType,
      maxBytes: format ? undefined : SERVER_UPLOAD_MAX_BYTES,
    });
    const row = await recordObject(
      deps.db,
      store,
      { bucket: app.appId, key, contentType, acl: app.defaultAcl, appId: app.appId, userId: null },
      info,
    );
    return { ...storedObjectOf(row, `${originOf(request)}/cdn`), name };
  } catch (error) {
    file.file.resume();
    // Refused before the body was read: close the connection after the answer.
    if (!request.raw.complete) reply.header('connection', 'close');
    if (isStoreError(error) && error.code === 'EntityTooLarge') throw tooLarge();
    throw error;
  }
}

/** A pass-through that fails with EntityTooLarge past `max` bytes (before re-encoding). */
function limitTo(max: number) {
  let bytes = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      if (bytes > max) callback(tooLarge());
      else callback(null, chunk);
    },
  });
}

/** POST of the media centre's server upload: the enveloped answer; a form that is not whole multipart is a 400. */
export function serverUploadHandler(deps: AppDeps, store: ObjectStore) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      return reply.send(success(await serverUpload(deps, store, request, reply)));
    } catch (error) {
      // Busboy's plain errors for a form that is not whole multipart/form-data: a 400, not a 500.
      if (!isMalformedForm(error)) throw error;
      if (!request.raw.complete) reply.header('connection', 'close');
      throw badRequest('file', UPLOAD_SERVER_MESSAGES.formMalformed);
    }
  };
}

import {
  listPartsSchema,
  multipartInitSchema,
  type StoredObject,
  type UploadedPart,
  type UploadToken,
} from '@h5/contract';
import { MULTIPART_CHUNK_BYTES, REQUEST_MESSAGES } from '@h5/core';
import { checkpointStore, type MultipartCheckpoint } from './checkpoint';
import { storedObjectOf } from './direct-upload';
import { signedHeaders } from './oss-sign';
import type { UploadProgress } from './progress';
import { parseJson, responseError, send } from './send';
import type { StorageContext } from './storage-context';
import { isCredentialRefusal } from './token-source';
import type { TransportResponse } from './transport';
import { UploadError } from './upload-error';

/** What a multipart upload needs besides the storage context. */
export interface MultipartInput {
  file: Blob & { name: string };
  /** Content type of the object (init's content-type). */
  contentType: string;
  newKey: (token: UploadToken) => string;
  checkpointKey: string;
  now: () => number;
  onProgress: (loaded: number, extra: Omit<UploadProgress, 'loaded' | 'total' | 'percent'>) => void;
}

/** Number of parts of a file (at least one). */
export const partsTotalOf = (size: number): number => Math.max(1, Math.ceil(size / MULTIPART_CHUNK_BYTES));

/**
 * Multipart upload (spec §4): init, the parts strictly in order, complete. A checkpoint in local
 * storage lets the same file resume after a reload from the parts the store holds (list-parts,
 * sizes checked); an unknown upload starts over. A credential that expires mid-way is refreshed
 * through the shared token source and the refused request re-sent once.
 */
export async function multipartUpload(
  ctx: StorageContext,
  input: MultipartInput,
): Promise<{ token: UploadToken; object: StoredObject }> {
  const { file } = input;
  const partsTotal = partsTotalOf(file.size);
  const store = checkpointStore(ctx.local, input.checkpointKey);
  let token = await ctx.tokens.get(ctx.tokenRequest);

  /** One signed request; re-sent once with a fresh token when the credential was refused. */
  const signed = async (
    method: 'GET' | 'POST' | 'PUT',
    key: string,
    subresource: string,
    contentType: string,
    body?: Blob | string,
    onUploadProgress?: (loaded: number) => void,
    extraHeaders: Record<string, string> = {},
  ): Promise<TransportResponse> => {
    for (let attempt = 0; ; attempt++) {
      const date = new Date(input.now()).toUTCString();
      const headers = {
        ...signedHeaders({ method, contentType, bucket: token.bucket, key, subresource, date }, token),
        ...extraHeaders,
      };
      const response = await send(
        ctx.transport,
        {
          method,
          url: `${token.ossHost}/${key}${subresource}`,
          headers,
          ...(body === undefined ? {} : { body }),
          ...(onUploadProgress ? { onUploadProgress: (loaded: number) => onUploadProgress(loaded) } : {}),
        },
        ctx.timeoutMs,
        ctx.signal,
      );
      if (response.status === 200) return response;
      const error = responseError(response);
      if (attempt > 0 || !isCredentialRefusal(error)) throw error;
      token = await ctx.tokens.refresh(ctx.tokenRequest, token);
    }
  };

  const held = new Map<number, UploadedPart>();
  let session: MultipartCheckpoint | null = store.read();
  if (
    session &&
    (session.bucket !== token.bucket ||
      session.partsTotal !== partsTotal ||
      !session.key.startsWith(token.startsWith))
  ) {
    session = null; // another day's prefix or another file under the same name: start over
  }
  if (session) {
    try {
      const listed = listPartsSchema.parse(
        parseJson((await signed('GET', session.key, `?uploadId=${session.uploadId}`, '')).text),
      );
      for (const part of listed.parts) held.set(part.partNumber, part);
    } catch (error) {
      if (
        error instanceof UploadError &&
        (error.code === 'aborted' || error.code === 'timeout' || error.code === 'network')
      )
        throw error;
      session = null; // unknown or expired upload (404 NoSuchUpload): start over
    }
  }
  if (!session) {
    store.remove();
    const key = input.newKey(token);
    const acl =
      ctx.objectAcl && ctx.objectAcl !== 'default' ? { 'x-oss-object-acl': ctx.objectAcl } : undefined;
    const init = multipartInitSchema.parse(
      parseJson((await signed('POST', key, '?uploads', input.contentType, undefined, undefined, acl)).text),
    );
    session = {
      key: init.key,
      uploadId: init.uploadId,
      bucket: init.bucket,
      partsTotal,
      savedAt: input.now(),
    };
    store.write(session);
  }

  const { key, uploadId } = session;
  const parts: { partNumber: number; etag: string }[] = [];
  let done = 0;
  for (let partNumber = 1; partNumber <= partsTotal; partNumber++) {
    const start = (partNumber - 1) * MULTIPART_CHUNK_BYTES;
    const chunk = file.slice(start, Math.min(start + MULTIPART_CHUNK_BYTES, file.size));
    const extra = { partNumber, partsDone: partNumber - 1, partsTotal };
    const kept = held.get(partNumber);
    if (kept && kept.size === chunk.size) {
      parts.push({ partNumber, etag: kept.etag });
    } else {
      const response = await signed(
        'PUT',
        key,
        `?partNumber=${partNumber}&uploadId=${uploadId}`,
        'application/octet-stream',
        chunk,
        (loaded) => input.onProgress(done + Math.min(loaded, chunk.size), extra),
      );
      const body = parseJson(response.text) as { etag?: unknown } | undefined;
      const etag = typeof body?.etag === 'string' ? body.etag : response.headers.etag;
      if (!etag) throw new UploadError(REQUEST_MESSAGES.loadFailed, 'InvalidResponse', response.status);
      parts.push({ partNumber, etag });
    }
    done += chunk.size;
    input.onProgress(done, { partNumber, partsDone: partNumber, partsTotal });
  }

  const completed = await signed(
    'POST',
    key,
    `?uploadId=${uploadId}`,
    'application/json',
    JSON.stringify({ parts }),
  );
  const object = storedObjectOf(completed);
  store.remove();
  return { token, object };
}

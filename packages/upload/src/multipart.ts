import { multipartInitSchema, type UploadedPart, type UploadToken, uploadedPartSchema } from '@h5/contract';
import { MULTIPART_CHUNK_BYTES, REQUEST_MESSAGES, xmlChildren, xmlChildText, xmlDocument } from '@h5/core';
import { checkpointStore, type MultipartCheckpoint } from './checkpoint';
import { etagOf, type StoredUpload } from './direct-upload';
import { type SignInput, signedHeaders } from './oss-sign';
import type { UploadProgress } from './progress';
import { ossDocument, responseError, send } from './send';
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

/** The text of an element of an OSS document, '' when absent; ETags without their quotes. */
const textOf = (element: Parameters<typeof xmlChildText>[0], name: string) =>
  (xmlChildText(element, name) ?? '').replaceAll('"', '');

/**
 * Multipart upload (spec §4) in OSS's wire form: init (`?uploads`, answered with an
 * `InitiateMultipartUploadResult`), the parts strictly in order (each answered with its ETag
 * header), complete (a `<CompleteMultipartUpload>` body). A checkpoint in local storage lets the
 * same file resume after a reload from the parts the store holds (list-parts, page by page, sizes
 * checked); an unknown upload starts over. A credential that expires mid-way is refreshed through
 * the shared token source and the refused request re-sent once.
 */
export async function multipartUpload(ctx: StorageContext, input: MultipartInput): Promise<StoredUpload> {
  const { file } = input;
  const partsTotal = partsTotalOf(file.size);
  const store = checkpointStore(ctx.local, input.checkpointKey);
  let token = await ctx.tokens.get(ctx.tokenRequest);

  /** One signed request; re-sent once with a fresh token when the credential was refused. */
  const signed = async (
    request: Omit<SignInput, 'bucket' | 'date'> & {
      body?: Blob | string;
      onUploadProgress?: (loaded: number) => void;
    },
  ): Promise<TransportResponse> => {
    const { body, onUploadProgress, ...sign } = request;
    for (let attempt = 0; ; attempt++) {
      const date = new Date(input.now()).toUTCString();
      const response = await send(
        ctx.transport,
        {
          method: sign.method,
          url: `${token.ossHost}/${sign.key}${sign.query ? `?${sign.query}` : ''}`,
          credentials: 'omit',
          headers: signedHeaders({ ...sign, bucket: token.bucket, date }, token),
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

  /** Every part the store holds for an upload (ListParts, page by page). */
  const listHeld = async (key: string, uploadId: string): Promise<UploadedPart[]> => {
    const parts: UploadedPart[] = [];
    for (let marker = 0; ; ) {
      const query = `uploadId=${uploadId}${marker ? `&part-number-marker=${marker}` : ''}`;
      const listed = ossDocument(
        await signed({ method: 'GET', key, query, contentType: '' }),
        'ListPartsResult',
      );
      for (const part of xmlChildren(listed, 'Part')) {
        parts.push(
          uploadedPartSchema.parse({
            partNumber: Number(textOf(part, 'PartNumber')),
            etag: textOf(part, 'ETag'),
            size: Number(textOf(part, 'Size')),
          }),
        );
      }
      const next = Number(textOf(listed, 'NextPartNumberMarker'));
      if (textOf(listed, 'IsTruncated') !== 'true' || !(next > marker)) return parts;
      marker = next;
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
      for (const part of await listHeld(session.key, session.uploadId)) held.set(part.partNumber, part);
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
    const ossHeaders =
      ctx.objectAcl && ctx.objectAcl !== 'default' ? { 'x-oss-object-acl': ctx.objectAcl } : undefined;
    const answer = ossDocument(
      await signed({
        method: 'POST',
        key,
        query: 'uploads',
        contentType: input.contentType,
        ...(ossHeaders ? { ossHeaders } : {}),
      }),
      'InitiateMultipartUploadResult',
    );
    const init = multipartInitSchema.parse({
      bucket: textOf(answer, 'Bucket'),
      key: textOf(answer, 'Key'),
      uploadId: textOf(answer, 'UploadId'),
    });
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
      const response = await signed({
        method: 'PUT',
        key,
        query: `partNumber=${partNumber}&uploadId=${uploadId}`,
        contentType: 'application/octet-stream',
        body: chunk,
        onUploadProgress: (loaded) => input.onProgress(done + Math.min(loaded, chunk.size), extra),
      });
      // Real OSS shows the ETag to a page only when its CORS rule exposes it.
      const etag = etagOf(response.headers);
      if (!etag) throw new UploadError(REQUEST_MESSAGES.loadFailed, 'InvalidResponse', response.status);
      parts.push({ partNumber, etag });
    }
    done += chunk.size;
    input.onProgress(done, { partNumber, partsDone: partNumber, partsTotal });
  }

  const completed = ossDocument(
    await signed({
      method: 'POST',
      key,
      query: `uploadId=${uploadId}`,
      contentType: 'application/xml',
      body: xmlDocument('CompleteMultipartUpload', {
        Part: parts.map((part) => ({ PartNumber: part.partNumber, ETag: `"${part.etag}"` })),
      }),
    }),
    'CompleteMultipartUploadResult',
  );
  store.remove();
  return { token, key, etag: textOf(completed, 'ETag') };
}

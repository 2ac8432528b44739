import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { StorageHostError } from './storage-error';

/**
 * The storage host's bodies arrive as streams (its scope's catch-all parser hands the request
 * over unread): objects are streamed into the store, parts and XML are read here with a limit.
 */

/** The request's body as a stream (an empty one for a body-less request). */
export function bodyStream(request: FastifyRequest): Readable {
  const body = request.body;
  if (body instanceof Readable) return body;
  if (Buffer.isBuffer(body)) return Readable.from([body]);
  return Readable.from([]);
}

export const entityTooLarge = (maxBytes: number) =>
  new StorageHostError(
    400,
    'EntityTooLarge',
    `Your proposed upload exceeds the maximum allowed size (${maxBytes} bytes).`,
    undefined,
    { MaxSizeAllowed: String(maxBytes) },
  );

/** Refuses at once a body whose Content-Length is over `maxBytes` (before any check that reads it). */
export function refuseDeclaredLength(request: FastifyRequest, maxBytes: number): void {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > maxBytes) throw entityTooLarge(maxBytes);
}

/** The whole body, at most `maxBytes` (EntityTooLarge past it, the rest left for the drain). */
export async function readBody(request: FastifyRequest, maxBytes: number): Promise<Buffer> {
  refuseDeclaredLength(request, maxBytes);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of bodyStream(request)) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) throw entityTooLarge(maxBytes);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks, size);
}

export const invalidDigest = () =>
  new StorageHostError(400, 'InvalidDigest', 'The Content-MD5 you specified is not valid.');

/** True when `contentMd5` (base64, as sent) is the MD5 of `bytes`. */
export const md5Matches = (bytes: Buffer, contentMd5: string): boolean =>
  createHash('md5').update(bytes).digest('base64') === contentMd5;

/**
 * The bytes of `source`, failing (InvalidDigest) at the end when their MD5 is not `contentMd5`:
 * the store then keeps nothing, as an object appears whole or not at all. `failed()` tells the
 * caller afterwards that this check, not the store, stopped the stream.
 */
export function md5Checked(source: Readable, contentMd5: string): { body: Readable; failed: () => boolean } {
  let failed = false;
  async function* checked() {
    const hash = createHash('md5');
    for await (const chunk of source) {
      hash.update(chunk as Buffer);
      yield chunk as Buffer;
    }
    if (hash.digest('base64') !== contentMd5) {
      failed = true;
      throw invalidDigest();
    }
  }
  return { body: Readable.from(checked(), { objectMode: false }), failed: () => failed };
}

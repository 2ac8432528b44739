import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { ETAG_HEX_DIGITS, StoreError } from './object-store';

/** The refusal of a body past `maxBytes`, in S3's words. */
export function entityTooLarge(maxBytes: number): StoreError {
  return new StoreError(
    'EntityTooLarge',
    `Your proposed upload exceeds the maximum allowed size (${maxBytes} bytes).`,
  );
}

/**
 * A pass-through that counts the bytes, fails with EntityTooLarge the moment more than
 * `maxBytes` pass and with EntityTooSmall at the end when fewer than `minBytes` did, so a reader
 * (the S3 store's upload) never sees the end of a refused body. The local store counts in its own
 * write loop (block-sink.ts).
 */
export class MeteredStream extends Transform {
  bytes = 0;

  constructor(
    private readonly maxBytes = Number.POSITIVE_INFINITY,
    private readonly minBytes?: number,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) {
      callback(entityTooLarge(this.maxBytes));
      return;
    }
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    try {
      checkMinBytes(this.bytes, this.minBytes);
      callback();
    } catch (error) {
      callback(error as Error);
    }
  }
}

/** EntityTooSmall when an object came out under its minimum. */
export function checkMinBytes(size: number, minBytes: number | undefined): void {
  if (minBytes !== undefined && size < minBytes) {
    throw new StoreError(
      'EntityTooSmall',
      `Your proposed upload is smaller than the minimum allowed size (${minBytes} bytes).`,
    );
  }
}

/** The S3-style ETag of a multipart object: a hash of the parts' binary ETags, then `-N`. */
export function multipartEtag(partEtags: readonly string[]): string {
  const hash = createHash('sha256');
  for (const etag of partEtags) hash.update(Buffer.from(etag, 'hex'));
  return `${hash.digest('hex').slice(0, ETAG_HEX_DIGITS)}-${partEtags.length}`;
}

import { createHash, type Hash } from 'node:crypto';
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
 * `maxBytes` pass, and hashes them with sha256: S3's payload hash and its fallback ETag. The
 * local store counts and hashes in its own write loop (block-sink.ts).
 */
export class MeteredStream extends Transform {
  bytes = 0;
  private readonly sha256: Hash = createHash('sha256');
  private digest: Buffer | null = null;

  constructor(private readonly maxBytes = Number.POSITIVE_INFINITY) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) {
      callback(entityTooLarge(this.maxBytes));
      return;
    }
    this.sha256.update(chunk);
    callback(null, chunk);
  }

  private finalDigest(): Buffer {
    this.digest ??= this.sha256.digest();
    return this.digest;
  }

  /** The ETag of everything that passed: the first 128 bits of its sha256, hex (after the end). */
  etagHex(): string {
    return this.finalDigest().toString('hex').slice(0, ETAG_HEX_DIGITS);
  }

  /** sha256 hex of everything that passed (after the end). */
  sha256Hex(): string {
    return this.finalDigest().toString('hex');
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

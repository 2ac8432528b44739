import { createHash, type Hash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { StoreError } from './object-store';

/**
 * A pass-through that counts and hashes the bytes (md5 for the ETag, optionally sha256 for S3)
 * and fails with EntityTooLarge the moment more than `maxBytes` pass.
 */
export class MeteredStream extends Transform {
  bytes = 0;
  private readonly md5: Hash = createHash('md5');
  private readonly sha256: Hash | null;

  constructor(
    private readonly maxBytes = Number.POSITIVE_INFINITY,
    withSha256 = false,
  ) {
    super();
    this.sha256 = withSha256 ? createHash('sha256') : null;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) {
      callback(
        new StoreError(
          'EntityTooLarge',
          `Your proposed upload exceeds the maximum allowed size (${this.maxBytes} bytes).`,
        ),
      );
      return;
    }
    this.md5.update(chunk);
    this.sha256?.update(chunk);
    callback(null, chunk);
  }

  /** md5 hex of everything that passed (call once, after the end). */
  md5Hex(): string {
    return this.md5.digest('hex');
  }

  sha256Hex(): string {
    if (!this.sha256) throw new Error('sha256 was not requested');
    return this.sha256.digest('hex');
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

/** The S3-style ETag of a multipart object: md5 of the parts' binary md5s, then `-N`. */
export function multipartEtag(partEtags: readonly string[]): string {
  const hash = createHash('md5');
  for (const etag of partEtags) hash.update(Buffer.from(etag, 'hex'));
  return `${hash.digest('hex')}-${partEtags.length}`;
}

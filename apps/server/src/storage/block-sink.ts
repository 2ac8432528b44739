import { createHash, webcrypto } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';

/** Block size of the local store's writes and of its ETag's block hashes. */
export const BLOCK_BYTES = 1024 * 1024;
/** Hex digits of an ETag: 128 bits, as long as an md5 ETag. */
export const ETAG_HEX_DIGITS = 32;

/** The ETag of bytes whose 1 MiB blocks hashed to `blockDigests`, in order. */
export function blockEtag(blockDigests: readonly ArrayBuffer[]): string {
  const hash = createHash('sha256');
  for (const digest of blockDigests) hash.update(new Uint8Array(digest));
  return hash.digest('hex').slice(0, ETAG_HEX_DIGITS);
}

/**
 * A pipeline sink that appends a stream to an open file in exact 1 MiB blocks (the caller keeps
 * the handle, to fsync and close it) and hashes each block with WebCrypto, which runs in the
 * thread pool: hashing, the next block's reading and the last block's write overlap, so the
 * hash costs the upload almost nothing on a two-core machine (DESIGN.md §8, upload / disk ≥ 0.5).
 * One write is in flight at a time, so the order holds. `etag()` is the sha256 of the block
 * sha256s (the first 128 bits): fixed by the bytes, whatever chunks they arrived in.
 */
export function blockSink(handle: FileHandle) {
  const digests: Promise<ArrayBuffer>[] = [];
  let writing: Promise<unknown> = Promise.resolve();
  const emit = async (block: Buffer) => {
    await writing;
    digests.push(webcrypto.subtle.digest('SHA-256', block));
    writing = handle.write(block);
    // Awaited before the next write or at the end; until then a failure is not unhandled.
    writing.catch(() => undefined);
  };
  return {
    async sink(source: AsyncIterable<Buffer>): Promise<void> {
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      for await (const chunk of source) {
        pending.push(chunk);
        pendingBytes += chunk.length;
        if (pendingBytes < BLOCK_BYTES) continue;
        const joined = Buffer.concat(pending, pendingBytes);
        let at = 0;
        for (; at + BLOCK_BYTES <= joined.length; at += BLOCK_BYTES)
          await emit(joined.subarray(at, at + BLOCK_BYTES));
        pending = at < joined.length ? [joined.subarray(at)] : [];
        pendingBytes = joined.length - at;
      }
      if (pendingBytes > 0 || digests.length === 0) await emit(Buffer.concat(pending, pendingBytes));
      await writing;
    },
    async etag(): Promise<string> {
      return blockEtag(await Promise.all(digests));
    },
  };
}

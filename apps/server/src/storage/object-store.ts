import type { Readable } from 'node:stream';

/** What a store knows of an object: its size and its ETag (hex, unquoted; `-N` suffix for multipart). */
export interface ObjectInfo {
  size: number;
  etag: string;
}

export interface PutOptions {
  contentType: string;
  /** Refuse (EntityTooLarge) as soon as more bytes than this arrive; nothing is stored. */
  maxBytes?: number;
  /** Refuse (EntityTooSmall) when fewer bytes arrive; nothing is stored. */
  minBytes?: number;
}

export interface PartInfo extends ObjectInfo {
  partNumber: number;
}

/**
 * The object store behind the storage host, the server upload and the CDN: local disk by default,
 * an S3-compatible service for scale (STORAGE_DRIVER). Buckets are logical names ('community-h5');
 * keys are checked by the caller (domains/upload/object-key.ts) and again by each store.
 */
export interface ObjectStore {
  /** Streams `body` into `bucket/key`; the object appears whole or not at all. */
  put(bucket: string, key: string, body: Readable, options: PutOptions): Promise<ObjectInfo>;
  /** The object's bytes as a stream, or null when it does not exist. */
  get(bucket: string, key: string): Promise<(ObjectInfo & { body: Readable }) | null>;
  head(bucket: string, key: string): Promise<ObjectInfo | null>;
  /** Deletes the object; deleting a missing object is not an error. */
  delete(bucket: string, key: string): Promise<void>;
  /** Starts a multipart upload; returns the store's own upload id. */
  createMultipart(bucket: string, key: string, contentType: string): Promise<string>;
  /** Stores one part (replacing an earlier part with the same number). */
  putPart(
    bucket: string,
    key: string,
    uploadId: string,
    partNumber: number,
    body: Readable,
    maxBytes: number,
  ): Promise<PartInfo>;
  /** The parts the store holds, by part number. */
  listParts(bucket: string, key: string, uploadId: string): Promise<PartInfo[]>;
  /** Joins the given parts, in order, into the object; the staging area is removed. */
  completeMultipart(
    bucket: string,
    key: string,
    uploadId: string,
    parts: ReadonlyArray<{ partNumber: number; etag: string }>,
    options: { contentType: string },
  ): Promise<ObjectInfo>;
  abortMultipart(bucket: string, key: string, uploadId: string): Promise<void>;
}

/** Why a store refused: the storage host answers with the same OSS-like code. */
export type StoreErrorCode =
  | 'EntityTooLarge'
  | 'EntityTooSmall'
  | 'InvalidPart'
  | 'NoSuchUpload'
  | 'InvalidObjectName';

/** Hex digits of an ETag: 128 bits, as long as an md5 ETag. */
export const ETAG_HEX_DIGITS = 32;

/** A refusal from a store (too many bytes, a missing part…), as opposed to an I/O failure. */
export class StoreError extends Error {
  override readonly name = 'StoreError';
  constructor(
    readonly code: StoreErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export const isStoreError = (error: unknown): error is StoreError => error instanceof StoreError;

/**
 * Checks a complete request against the parts a store holds: every listed part must be held
 * with the listed ETag (quotes and case ignored, as clients send them). Returns the held parts
 * by number.
 */
export function heldPartsFor(
  held: readonly PartInfo[],
  parts: ReadonlyArray<{ partNumber: number; etag: string }>,
): Map<number, PartInfo> {
  const byNumber = new Map(held.map((part) => [part.partNumber, part]));
  for (const part of parts) {
    if (byNumber.get(part.partNumber)?.etag !== part.etag.replaceAll('"', '').toLowerCase()) {
      throw new StoreError(
        'InvalidPart',
        `One or more of the specified parts could not be found: part ${part.partNumber}.`,
      );
    }
  }
  return byNumber;
}

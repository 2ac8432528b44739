import { randomBytes } from 'node:crypto';
import { pipeline, Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  paginateListObjectsV2,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { NETWORK_CODES } from '../db/unavailable';
import { nextGeneration } from './generation';
import { assertObjectName } from './key-path';
import { entityTooLarge, MeteredStream } from './limit-stream';
import {
  heldPartsFor,
  isStoreError,
  type ObjectInfo,
  type ObjectStore,
  type PartInfo,
  type PutOptions,
  StoreError,
} from './object-store';
import { S3ResponseError, S3UnreachableError } from './unavailable';

export interface S3Config {
  /** The service's origin, e.g. https://s3.eu-west-1.amazonaws.com or http://127.0.0.1:9000. */
  endpoint: string;
  region: string;
  /** The one real bucket; our logical buckets are the first segment of its keys. */
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` (MinIO and most self-hosted services) instead of `bucket.endpoint/key`. */
  forcePathStyle: boolean;
}

const UPLOAD_ID = /^[A-Za-z0-9_-]{8,64}$/;
const STAGING = '.multipart';
/**
 * A staged part is `{partNumber}.{generation}` under its upload's prefix: every write of a part
 * is a new object, and of several of one number the highest generation is the part, so two
 * concurrent writers of one number leave exactly one part (and no service has to order two PUTs
 * of one key). Parts staged before generations (`{n}`) rank lowest.
 */
const STAGED_PART = /^(\d{1,5})(?:\.([0-9a-z]{17}))?$/;
/** lib-storage's part size: S3's minimum, so a body up to 5 MiB is one PUT and memory stays small. */
const UPLOAD_PART_BYTES = 5 * 1024 * 1024;
/** Parts lib-storage sends at once per upload (each buffered in memory). */
const UPLOAD_QUEUE = 2;
/** DeleteObjects takes at most this many keys. */
const DELETE_BATCH = 1000;

interface StagedPart extends PartInfo {
  path: string;
  generation: string;
}

const unquote = (etag: string | undefined): string => (etag ?? '').replaceAll('"', '');

/**
 * What an SDK failure means to our callers: a refusal by the service (its status and code), an
 * unreachable service (the storage host answers 503), or anything else as it came.
 */
function s3Failure(error: unknown, what: string): unknown {
  if (error instanceof S3ServiceException) {
    return new S3ResponseError(error.$metadata.httpStatusCode ?? 0, error.name, what, { cause: error });
  }
  // Transport failures the SDK gave up on after its retries: the service is unreachable.
  if (error instanceof Error) {
    const { code } = error as { code?: unknown };
    if (error.name === 'TimeoutError' || (typeof code === 'string' && NETWORK_CODES.has(code))) {
      return new S3UnreachableError(what, error);
    }
  }
  return error;
}

const isNotFound = (error: unknown): boolean => error instanceof S3ResponseError && error.status === 404;

/** The ETag of a successful write; every S3-compatible service answers one. */
function etagOf(etag: string | undefined, what: string): string {
  const bare = unquote(etag);
  if (!bare) throw new Error(`S3 ${what}: the service answered no ETag`);
  return bare;
}

/** Reads a (part-sized) body into memory, refusing it past `maxBytes`. */
async function readLimited(body: Readable, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) throw entityTooLarge(maxBytes);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks, size);
}

/**
 * Where logical bucket `b`'s key `k` lives in the real bucket (issue 26 point 6): at `k` when the
 * key already starts with `b/` (every app key does: `community-h5/u306/video/…`, the CDN path),
 * else at `b/k` (the abroad bucket's `community-h5/…` keys under `community-h5-abroad/`). Once,
 * never `community-h5/community-h5/…`. Distinct objects never share a path while every key of
 * bucket `b` either starts with `b/` or is issued under another bucket's name, as the gateways'
 * key prefixes make them.
 */
export function s3ObjectPath(bucket: string, key: string): string {
  assertObjectName(bucket, key);
  return key.startsWith(`${bucket}/`) ? key : `${bucket}/${key}`;
}

/** Where releases before issue 26 put `bucket` / `key`: the bucket twice for app keys. */
export const doubledObjectPath = (bucket: string, key: string): string => `${bucket}/${key}`;

/**
 * Objects in one bucket of an S3-compatible service through `@aws-sdk/client-s3`, at
 * {@link s3ObjectPath}; bodies of unknown length stream through `@aws-sdk/lib-storage` (one PUT up
 * to 5 MiB, S3 multipart past it). S3 wants parts of at least 5 MiB but ours are smaller (spec §9),
 * so our multipart parts are staged as objects under `.multipart/{uploadId}/` and complete streams
 * them, in order, into the object (docs/decisions/018-s3-through-the-aws-sdk.md).
 */
export class S3Store implements ObjectStore {
  private readonly client: S3Client;

  constructor(private readonly config: S3Config) {
    this.client = new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      // The SDK's default CRC32 checksums (since 3.729.0) broke S3-compatible services that
      // predate them: only where S3 requires one (DeleteObjects). Our bodies reach the SDK as
      // buffers, whose sha256 SigV4 signs (x-amz-content-sha256), so S3 still checks every byte.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // As fetch's undici had them: a service that never answers fails instead of holding a request.
      requestHandler: { connectionTimeout: 10_000, socketTimeout: 300_000 },
    });
  }

  /** One SDK call; its failure as {@link s3Failure} says. */
  private async call<T>(what: string, send: () => Promise<T>): Promise<T> {
    try {
      return await send();
    } catch (error) {
      throw s3Failure(error, what);
    }
  }

  /**
   * Moves an object stored before issue 26 at {@link doubledObjectPath} to its path: copied (read
   * and written again, so any S3-compatible service takes it, whatever its size), then the old one
   * deleted. Answers what it found: a doubled object moved, one already at its path, or none.
   */
  async moveDoubled(bucket: string, key: string): Promise<'moved' | 'in place' | 'absent'> {
    const path = s3ObjectPath(bucket, key);
    const doubled = doubledObjectPath(bucket, key);
    if (path === doubled) return 'in place';
    const old = await this.getPath(doubled);
    if (!old) return (await this.head(bucket, key)) ? 'in place' : 'absent';
    await this.upload(path, old.body, old.contentType ?? 'application/octet-stream');
    await this.deletePath(doubled);
    return 'moved';
  }

  private stagingPrefix(uploadId: string): string {
    if (!UPLOAD_ID.test(uploadId))
      throw new StoreError('NoSuchUpload', 'The specified upload does not exist.');
    return `${STAGING}/${uploadId}/`;
  }

  async put(bucket: string, key: string, body: Readable, options: PutOptions): Promise<ObjectInfo> {
    return this.upload(s3ObjectPath(bucket, key), body, options.contentType, options);
  }

  /**
   * Streams `body` to `path` through lib-storage, metered: a body past `maxBytes` or under
   * `minBytes` fails before lib-storage sees its end, so the PUT (or the multipart complete) that
   * would make the object is never sent and an older object stays.
   */
  private async upload(
    path: string,
    body: Readable,
    contentType: string,
    limits: Pick<PutOptions, 'maxBytes' | 'minBytes'> = {},
  ): Promise<ObjectInfo> {
    const meter = new MeteredStream(limits.maxBytes, limits.minBytes);
    let refusal: StoreError | undefined;
    meter.on('error', (error) => {
      if (isStoreError(error)) refusal = error;
    });
    // Errors reach the upload through the meter; the pipeline's own callback has nothing to add.
    pipeline(body, meter, () => undefined);
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.config.bucket, Key: path, Body: meter, ContentType: contentType },
      partSize: UPLOAD_PART_BYTES,
      queueSize: UPLOAD_QUEUE,
    });
    try {
      const done = await upload.done();
      return { size: meter.bytes, etag: etagOf(done.ETag, 'put') };
    } catch (error) {
      meter.destroy();
      // A refused body is the answer, even when aborting the S3 multipart upload failed after it.
      throw refusal ?? s3Failure(error, 'put');
    }
  }

  async head(bucket: string, key: string): Promise<ObjectInfo | null> {
    const path = s3ObjectPath(bucket, key);
    try {
      const head = await this.call('head', () =>
        this.client.send(new HeadObjectCommand({ Bucket: this.config.bucket, Key: path })),
      );
      return { size: head.ContentLength ?? 0, etag: unquote(head.ETag) };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async get(bucket: string, key: string): Promise<(ObjectInfo & { body: Readable }) | null> {
    const got = await this.getPath(s3ObjectPath(bucket, key));
    if (!got) return null;
    const { contentType: _contentType, ...object } = got;
    return object;
  }

  private async getPath(
    path: string,
  ): Promise<(ObjectInfo & { body: Readable; contentType: string | null }) | null> {
    try {
      const got = await this.call('get', () =>
        this.client.send(new GetObjectCommand({ Bucket: this.config.bucket, Key: path })),
      );
      if (!(got.Body instanceof Readable)) throw new Error('S3 get: the SDK gave no Node stream');
      return {
        size: got.ContentLength ?? 0,
        etag: unquote(got.ETag),
        contentType: got.ContentType ?? null,
        body: got.Body,
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(bucket: string, key: string): Promise<void> {
    await this.deletePath(s3ObjectPath(bucket, key));
  }

  private async deletePath(path: string): Promise<void> {
    await this.call('delete', () =>
      this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: path })),
    );
  }

  /** Deletes many objects, a thousand a request; a key the service could not delete fails the call. */
  private async deletePaths(paths: readonly string[]): Promise<void> {
    for (let at = 0; at < paths.length; at += DELETE_BATCH) {
      const batch = paths.slice(at, at + DELETE_BATCH);
      const result = await this.call('delete', () =>
        this.client.send(
          new DeleteObjectsCommand({
            Bucket: this.config.bucket,
            Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
          }),
        ),
      );
      const [failed] = result.Errors ?? [];
      if (failed) {
        throw new S3ResponseError(
          result.$metadata.httpStatusCode ?? 0,
          failed.Code ?? 'DeleteFailed',
          `delete ${failed.Key}`,
        );
      }
    }
  }

  /** Every object under an upload's staging prefix (`Key` relative to it), parts or not. */
  private async staged(
    uploadId: string,
  ): Promise<Array<{ path: string; name: string; etag: string; size: number }>> {
    const prefix = this.stagingPrefix(uploadId);
    return this.call('list parts', async () => {
      const objects: Array<{ path: string; name: string; etag: string; size: number }> = [];
      for await (const page of paginateListObjectsV2(
        { client: this.client },
        { Bucket: this.config.bucket, Prefix: prefix },
      )) {
        for (const { Key, ETag, Size } of page.Contents ?? []) {
          if (Key)
            objects.push({ path: Key, name: Key.slice(prefix.length), etag: unquote(ETag), size: Size ?? 0 });
        }
      }
      return objects;
    });
  }

  /** The parts an upload holds: for each number, its highest generation. */
  private async heldParts(uploadId: string): Promise<Map<number, StagedPart>> {
    const held = new Map<number, StagedPart>();
    for (const { path, name, etag, size } of await this.staged(uploadId)) {
      const match = STAGED_PART.exec(name);
      if (!match) continue;
      const partNumber = Number(match[1]);
      const generation = match[2] ?? '';
      const seen = held.get(partNumber);
      if (!seen || seen.generation < generation)
        held.set(partNumber, { partNumber, generation, path, etag, size });
    }
    return held;
  }

  async createMultipart(bucket: string, key: string, _contentType: string): Promise<string> {
    assertObjectName(bucket, key);
    return randomBytes(16).toString('hex');
  }

  async putPart(
    _bucket: string,
    _key: string,
    uploadId: string,
    partNumber: number,
    body: Readable,
    maxBytes: number,
  ): Promise<PartInfo> {
    const prefix = this.stagingPrefix(uploadId);
    const bytes = await readLimited(body, maxBytes);
    // Older generations of this number stay until complete or abort removes the staging: deleting
    // them here would list the prefix while other writers' PUTs are under way.
    const path = `${prefix}${partNumber}.${nextGeneration()}`;
    const put = await this.call('put part', () =>
      this.client.send(
        new PutObjectCommand({
          Bucket: this.config.bucket,
          Key: path,
          Body: bytes,
          ContentLength: bytes.length,
          ContentType: 'application/octet-stream',
        }),
      ),
    );
    return { partNumber, size: bytes.length, etag: etagOf(put.ETag, 'put part') };
  }

  async listParts(_bucket: string, _key: string, uploadId: string): Promise<PartInfo[]> {
    return [...(await this.heldParts(uploadId)).values()]
      .map(({ partNumber, etag, size }) => ({ partNumber, etag, size }))
      .sort((a, b) => a.partNumber - b.partNumber);
  }

  async completeMultipart(
    bucket: string,
    key: string,
    uploadId: string,
    parts: ReadonlyArray<{ partNumber: number; etag: string }>,
    options: { contentType: string },
  ): Promise<ObjectInfo> {
    const held = await this.heldParts(uploadId);
    heldPartsFor([...held.values()], parts);
    const paths = parts.map((part) => (held.get(part.partNumber) as StagedPart).path);
    const joined = Readable.from(
      (async function* (store: S3Store) {
        for (const path of paths) {
          const got = await store.getPath(path);
          if (!got) {
            throw new StoreError(
              'InvalidPart',
              'One or more of the specified parts was removed while completing.',
            );
          }
          yield* got.body;
        }
      })(this),
    );
    const info = await this.upload(s3ObjectPath(bucket, key), joined, options.contentType);
    await this.abortMultipart(bucket, key, uploadId);
    return info;
  }

  async abortMultipart(_bucket: string, _key: string, uploadId: string): Promise<void> {
    await this.deletePaths((await this.staged(uploadId)).map((object) => object.path));
  }
}

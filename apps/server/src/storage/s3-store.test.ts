import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import {
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storageObjects } from '../db/schema';
import { parseEnv } from '../env';
import { testDatabase } from '../test-utils/database';
import { createObjectStore } from './create-store';
import { moveDoubledKeys } from './move-doubled-keys';
import { type S3Config, S3Store } from './s3-store';
import { startS3TestServer, TEST_S3 } from './s3-test-server';
import { describeObjectStore } from './store-behaviour';
import { isStoreUnavailable } from './unavailable';

let s3: Awaited<ReturnType<typeof startS3TestServer>>;
let config: S3Config;
let store: S3Store;
/** The bucket as it is, past the store: what a path holds, which paths exist. */
let raw: S3Client;
let database: ReturnType<typeof testDatabase>;

beforeAll(async () => {
  // Made (migrated, seeded) here, within the hook's time: a fresh PGlite takes many seconds.
  database = testDatabase();
  await database;
  s3 = await startS3TestServer();
  config = { endpoint: s3.endpoint, forcePathStyle: true, ...TEST_S3 };
  store = new S3Store(config);
  raw = new S3Client({
    endpoint: s3.endpoint,
    region: TEST_S3.region,
    forcePathStyle: true,
    credentials: TEST_S3,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
});
afterAll(async () => {
  raw.destroy();
  await s3.stop();
});

async function rawText(path: string): Promise<string | null> {
  try {
    const got = await raw.send(new GetObjectCommand({ Bucket: TEST_S3.bucket, Key: path }));
    return (await got.Body?.transformToString()) ?? null;
  } catch (error) {
    if ((error as { name?: string }).name === 'NoSuchKey') return null;
    throw error;
  }
}

async function rawPaths(prefix: string): Promise<string[]> {
  const listed = await raw.send(new ListObjectsV2Command({ Bucket: TEST_S3.bucket, Prefix: prefix }));
  return (listed.Contents ?? []).map((object) => object.Key as string);
}

const bytes = (data: Buffer | string) => Readable.from([Buffer.from(data)]);

describe('S3Store against s3rver behind a SigV4 check', () => {
  describeObjectStore(() => store);

  it('stores logical buckets as the first key segment, with every request signed', async () => {
    await store.put('bkt-z', 'p/q.txt', bytes('zz'), { contentType: 'text/plain' });
    expect(await rawText('bkt-z/p/q.txt')).toBe('zz');
    expect(s3.refused).toEqual([]);
  });

  it('stores an app key once: the CDN key is the path in the bucket (issue 26 point 6)', async () => {
    const key = 'community-h5/u306/video/2026/11/27/clip.mp4';
    await store.put('community-h5', key, bytes('clip'), { contentType: 'video/mp4' });
    expect(await rawPaths('community-h5/')).toContain(key);
    expect((await rawPaths('')).filter((path) => path.endsWith('clip.mp4'))).toEqual([key]);
    expect((await store.head('community-h5', key))?.size).toBe(4);
    // The abroad bucket's keys carry the app's folder, not the bucket: kept apart under the bucket.
    await store.put('community-h5-abroad', key, bytes('abroad'), { contentType: 'video/mp4' });
    expect(await rawText(`community-h5-abroad/${key}`)).toBe('abroad');
    expect(await rawText(key)).toBe('clip');
  });

  it('streams an object past one part through S3 multipart, and refuses one past maxBytes', async () => {
    const big = randomBytes(12 * 1024 * 1024);
    const chunks = (data: Buffer) =>
      Readable.from(Array.from({ length: 12 }, (_, i) => data.subarray(i * 2 ** 20, (i + 1) * 2 ** 20)));
    s3.served.length = 0;
    const info = await store.put('bkt-b', 'big/twelve.bin', chunks(big), {
      contentType: 'application/octet-stream',
    });
    expect(info.size).toBe(big.length);
    // Three S3 parts of 5, 5 and 2 MiB (two at a time, so in either order): S3's multipart upload,
    // not one PUT of 12 MiB.
    const requests = s3.served.map((request) => request.replace(/uploadId=[0-9a-f]+/, 'uploadId=…'));
    expect([requests[0], ...requests.slice(1, -1).sort(), requests.at(-1)]).toEqual([
      'POST /real-bucket/bkt-b/big/twelve.bin?uploads=',
      'PUT /real-bucket/bkt-b/big/twelve.bin?partNumber=1&uploadId=…&x-id=UploadPart',
      'PUT /real-bucket/bkt-b/big/twelve.bin?partNumber=2&uploadId=…&x-id=UploadPart',
      'PUT /real-bucket/bkt-b/big/twelve.bin?partNumber=3&uploadId=…&x-id=UploadPart',
      'POST /real-bucket/bkt-b/big/twelve.bin?uploadId=…',
    ]);
    expect(await store.head('bkt-b', 'big/twelve.bin')).toEqual(info);
    const got = await store.get('bkt-b', 'big/twelve.bin');
    expect((await buffer(got?.body as Readable)).equals(big)).toBe(true);
    // Past maxBytes after some parts went up: refused (even though s3rver cannot abort the S3
    // multipart upload), and the object stays as it was.
    await expect(
      store.put('bkt-b', 'big/twelve.bin', chunks(randomBytes(big.length)), {
        contentType: 'application/octet-stream',
        maxBytes: 11 * 1024 * 1024,
      }),
    ).rejects.toMatchObject({ code: 'EntityTooLarge' });
    const after = await store.get('bkt-b', 'big/twelve.bin');
    expect((await buffer(after?.body as Readable)).equals(big)).toBe(true);
  });

  it('completes 800 KB parts into an object of several S3 parts and removes the staging', async () => {
    const parts = Array.from({ length: 8 }, () => randomBytes(800 * 1000));
    const uploadId = await store.createMultipart('bkt-b', 'mp/video.mp4', 'video/mp4');
    const written = await Promise.all(
      parts.map((part, i) =>
        store.putPart('bkt-b', 'mp/video.mp4', uploadId, i + 1, bytes(part), 1024 * 1024),
      ),
    );
    expect(await rawPaths(`.multipart/${uploadId}/`)).toHaveLength(8);
    const info = await store.completeMultipart(
      'bkt-b',
      'mp/video.mp4',
      uploadId,
      written.map(({ partNumber, etag }) => ({ partNumber, etag: `"${etag.toUpperCase()}"` })),
      { contentType: 'application/octet-stream' },
    );
    expect(info.size).toBe(6_400_000);
    const got = await store.get('bkt-b', 'mp/video.mp4');
    expect((await buffer(got?.body as Readable)).equals(Buffer.concat(parts))).toBe(true);
    expect(await rawPaths(`.multipart/${uploadId}/`)).toEqual([]);
  });

  it('moves the objects earlier releases stored with the bucket twice, once, and again safely', async () => {
    const db = (await database).db;
    const keys = [1, 2, 3].map((n) => `community-h5/u9${n}/image/2026/11/20/old-${randomUUID()}.png`);
    for (const key of keys) {
      await db.insert(storageObjects).values({
        bucket: 'community-h5',
        key,
        size: 3,
        contentType: 'image/png',
        acl: 'public-read',
        etag: 'e',
        appId: 'community-h5',
      });
    }
    // Two were written by the old path rule; the third is gone from the store.
    for (const [key, body] of [
      [keys[0], 'one'],
      [keys[1], 'two'],
    ]) {
      await raw.send(
        new PutObjectCommand({
          Bucket: TEST_S3.bucket,
          Key: `community-h5/${key}`,
          Body: body,
          ContentType: 'image/png',
        }),
      );
    }
    const first = await moveDoubledKeys(db, store);
    expect(first.moved).toBeGreaterThanOrEqual(2);
    expect(await rawText(keys[0] as string)).toBe('one');
    expect(await rawText(keys[1] as string)).toBe('two');
    expect(await rawText(`community-h5/${keys[0]}`)).toBeNull();
    expect(await rawText(`community-h5/${keys[1]}`)).toBeNull();
    const moved = await raw.send(new HeadObjectCommand({ Bucket: TEST_S3.bucket, Key: keys[0] as string }));
    expect(moved.ContentType).toBe('image/png');
    expect((await store.get('community-h5', keys[0] as string))?.size).toBe(3);
    const again = await moveDoubledKeys(db, store);
    expect(again.moved).toBe(0);
    expect(again.inPlace).toBeGreaterThanOrEqual(2);
    expect(s3.refused).toEqual([]);
  });

  it('is refused by the service with a wrong secret', async () => {
    const wrong = new S3Store({ ...config, secretAccessKey: 'nope' });
    await expect(wrong.put('bkt-z', 'p/r.txt', bytes('x'), { contentType: 'text/plain' })).rejects.toThrow(
      /^S3 put failed: 403 SignatureDoesNotMatch$/,
    );
    expect(s3.refused).toEqual([
      expect.stringMatching(
        /^PUT \/real-bucket\/bkt-z\/p\/r\.txt\?x-id=PutObject: the signature does not match$/,
      ),
    ]);
    s3.refused.length = 0;
  });

  it('retries a slow-down, and calls a service that keeps failing or cannot be reached unavailable', async () => {
    await store.put('bkt-z', 'retry/x', bytes('x'), { contentType: 'text/plain' });
    s3.failNext(1);
    expect((await store.head('bkt-z', 'retry/x'))?.size).toBe(1);
    s3.failNext(3);
    const slow = await store.get('bkt-z', 'retry/x').catch((error: unknown) => error);
    expect(slow).toMatchObject({ status: 503, s3Code: 'SlowDown' });
    expect(isStoreUnavailable(slow)).toBe(true);
    // A port nothing listens on any more.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const down = new S3Store({ ...config, endpoint: `http://127.0.0.1:${port}` });
    const refused = await down.get('bkt-z', 'retry/x').catch((error: unknown) => error);
    expect(refused).toMatchObject({
      name: 'S3UnreachableError',
      message: expect.stringMatching(/^S3 get failed: /),
    });
    expect(isStoreUnavailable(refused)).toBe(true);
    // A refusal that is the request's fault is not "unavailable".
    const wrong = await new S3Store({ ...config, secretAccessKey: 'nope' })
      .head('bkt-z', 'retry/x')
      .catch((e: unknown) => e);
    expect(wrong).toMatchObject({ status: 403 });
    expect(isStoreUnavailable(wrong)).toBe(false);
    s3.refused.length = 0;
  });
});

describe('STORAGE_DRIVER', () => {
  it('refuses s3 without its variables, naming each', () => {
    expect(() => parseEnv({ STORAGE_DRIVER: 's3', S3_REGION: 'x' })).toThrow(
      /S3_ENDPOINT: required when STORAGE_DRIVER is s3\n {2}S3_BUCKET: required when STORAGE_DRIVER is s3\n {2}S3_ACCESS_KEY_ID: required/,
    );
    expect(() => parseEnv({ STORAGE_DRIVER: 'ftp' })).toThrow(/STORAGE_DRIVER/);
  });

  it('builds the store it names, which reaches the bucket S3_* name', async () => {
    expect(createObjectStore(parseEnv({})).constructor.name).toBe('LocalDiskStore');
    const env = parseEnv({
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: TEST_S3.region,
      S3_BUCKET: TEST_S3.bucket,
      S3_ACCESS_KEY_ID: TEST_S3.accessKeyId,
      S3_SECRET_ACCESS_KEY: TEST_S3.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    });
    const built = createObjectStore(env);
    expect(built).toBeInstanceOf(S3Store);
    await built.put('bkt-z', 'env/x.txt', bytes('env'), { contentType: 'text/plain' });
    expect(await rawText('bkt-z/env/x.txt')).toBe('env');
  });
});

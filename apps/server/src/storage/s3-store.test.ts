import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storageObjects } from '../db/schema';
import { parseEnv } from '../env';
import { testDatabase } from '../test-utils/database';
import { createObjectStore } from './create-store';
import { CREDENTIALS, type FakeS3, startFakeS3 } from './fake-s3';
import { moveDoubledKeys } from './move-doubled-keys';
import { S3Store } from './s3-store';
import { describeObjectStore } from './store-behaviour';

let fake: FakeS3;
let endpoint = '';
let stopFake: () => Promise<unknown>;
const spool = mkdtempSync(join(tmpdir(), 'h5-s3-spool-'));

beforeAll(async () => {
  ({ fake, endpoint, stop: stopFake } = await startFakeS3());
});
afterAll(async () => {
  await stopFake();
  rmSync(spool, { recursive: true, force: true });
});

const makeStore = () =>
  new S3Store({ endpoint, bucket: 'real-bucket', forcePathStyle: true, ...CREDENTIALS }, spool);

describe('S3Store against a fake S3 that checks SigV4', () => {
  describeObjectStore(makeStore);

  it('stores logical buckets as the first key segment, with every request signed', async () => {
    const { Readable } = await import('node:stream');
    await makeStore().put('bkt-z', 'p/q.txt', Readable.from([Buffer.from('zz')]), {
      contentType: 'text/plain',
    });
    expect(fake.objects.get('bkt-z/p/q.txt')?.toString()).toBe('zz');
    expect(fake.refused).toEqual([]);
  });

  it('stores an app key once: the CDN key is the path in the bucket (issue 26 point 6)', async () => {
    const { Readable } = await import('node:stream');
    const key = 'community-h5/u306/video/2026/11/27/clip.mp4';
    const store = makeStore();
    await store.put('community-h5', key, Readable.from([Buffer.from('clip')]), { contentType: 'video/mp4' });
    expect([...fake.objects.keys()].filter((path) => path.endsWith('clip.mp4'))).toEqual([key]);
    expect((await store.head('community-h5', key))?.size).toBe(4);
    // The abroad bucket's keys carry the app's folder, not the bucket: kept apart under the bucket.
    await store.put('community-h5-abroad', key, Readable.from([Buffer.from('abroad')]), {
      contentType: 'video/mp4',
    });
    expect(fake.objects.get(`community-h5-abroad/${key}`)?.toString()).toBe('abroad');
    expect(fake.objects.get(key)?.toString()).toBe('clip');
  });

  it('moves the objects earlier releases stored with the bucket twice, once, and again safely', async () => {
    const db = (await testDatabase()).db;
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
    fake.objects.set(`community-h5/${keys[0]}`, Buffer.from('one'));
    fake.objects.set(`community-h5/${keys[1]}`, Buffer.from('two'));
    const store = makeStore();
    const first = await moveDoubledKeys(db, store);
    expect(first.moved).toBeGreaterThanOrEqual(2);
    expect(fake.objects.get(keys[0] as string)?.toString()).toBe('one');
    expect(fake.objects.get(keys[1] as string)?.toString()).toBe('two');
    expect(fake.objects.has(`community-h5/${keys[0]}`)).toBe(false);
    expect(fake.objects.has(`community-h5/${keys[1]}`)).toBe(false);
    expect((await store.get('community-h5', keys[0] as string))?.size).toBe(3);
    const again = await moveDoubledKeys(db, store);
    expect(again.moved).toBe(0);
    expect(again.inPlace).toBeGreaterThanOrEqual(2);
    expect(fake.refused).toEqual([]);
  });

  it('is refused by the server with a wrong secret', async () => {
    const { Readable } = await import('node:stream');
    const wrong = new S3Store(
      { endpoint, bucket: 'real-bucket', forcePathStyle: true, ...CREDENTIALS, secretAccessKey: 'nope' },
      spool,
    );
    await expect(
      wrong.put('bkt-z', 'p/r.txt', Readable.from([Buffer.from('x')]), { contentType: 'text/plain' }),
    ).rejects.toThrow(/403 SignatureDoesNotMatch/);
  });
});

describe('STORAGE_DRIVER', () => {
  it('refuses s3 without its variables, naming each', () => {
    expect(() => parseEnv({ STORAGE_DRIVER: 's3', S3_REGION: 'x' })).toThrow(
      /S3_ENDPOINT: required when STORAGE_DRIVER is s3\n {2}S3_BUCKET: required when STORAGE_DRIVER is s3\n {2}S3_ACCESS_KEY_ID: required/,
    );
    expect(() => parseEnv({ STORAGE_DRIVER: 'ftp' })).toThrow(/STORAGE_DRIVER/);
  });

  it('builds the store it names', () => {
    expect(createObjectStore(parseEnv({})).constructor.name).toBe('LocalDiskStore');
    const env = parseEnv({
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'test-1',
      S3_BUCKET: 'real-bucket',
      S3_ACCESS_KEY_ID: 'AKIDTEST',
      S3_SECRET_ACCESS_KEY: 'test-secret-key',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(createObjectStore(env)).toBeInstanceOf(S3Store);
  });
});

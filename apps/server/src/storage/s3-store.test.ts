import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../env';
import { createObjectStore } from './create-store';
import { CREDENTIALS, type FakeS3, startFakeS3 } from './fake-s3';
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

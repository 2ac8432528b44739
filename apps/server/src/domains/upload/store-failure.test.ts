// Issue 11 (failure modes): when the object store cannot serve — a full or failing disk, an S3
// service that is down — uploads and CDN reads answer 503 "retry later" in their own formats,
// never a 500, and work again as soon as the store does.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ObjectStore } from '../../storage';
import { s3TestEnv, startS3TestServer } from '../../storage/s3-test-server';
import {
  authToken,
  createUploadTestApp,
  postObject,
  serverUpload,
  type UploadTestApp,
} from './upload-test-kit';

const STORAGE_UNAVAILABLE = { code: 'ServiceUnavailable', msg: '服务暂时不可用，请稍后重试' };

let png: Buffer;
beforeAll(async () => {
  png = await sharp({ create: { width: 6, height: 4, channels: 3, background: '#39f' } })
    .png()
    .toBuffer();
});

/** Makes the store's writes fail as a full disk does until the returned function is called. */
function diskFull(store: ObjectStore): () => void {
  const put = store.put;
  store.put = async (...args) => {
    const [, , body] = args;
    body.resume();
    throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28 });
  };
  return () => {
    store.put = put;
  };
}

describe('the local disk fills up', () => {
  let t: UploadTestApp;
  beforeAll(async () => {
    t = await createUploadTestApp();
  });
  afterAll(() => t.close());

  it('answers 503 to PostObject and the server upload while the disk is full, 200 after', async () => {
    const token = await authToken(t);
    const key = `${token.startsWith}full.png`;
    const healed = diskFull(t.app.deps.store);
    try {
      const refused = await postObject(token, key, png);
      expect(refused.status).toBe(503);
      expect(refused.body).toMatchObject(STORAGE_UNAVAILABLE);
      const server = await serverUpload(t, png, 'full.png');
      expect(server).toEqual({
        status: 503,
        body: { code: 503, msg: '服务暂时不可用，请稍后重试', data: null },
      });
    } finally {
      healed();
    }
    expect((await postObject(token, key, png)).status).toBe(200);
    expect((await serverUpload(t, png, 'after.png')).body.code).toBe(200);
  });
});

describe('the S3 service goes away', () => {
  let t: UploadTestApp;
  let s3: Awaited<ReturnType<typeof startS3TestServer>>;
  beforeAll(async () => {
    s3 = await startS3TestServer();
    t = await createUploadTestApp(s3TestEnv(s3.endpoint));
  });
  afterAll(() => t.close());

  it('answers 503 to uploads and CDN reads of stored objects while S3 refuses connections', async () => {
    const token = await authToken(t);
    const key = `${token.startsWith}s3.png`;
    expect((await postObject(token, key, png)).status).toBe(200);
    expect((await fetch(`${t.base}/cdn/${key}`)).status).toBe(200);
    await s3.stop();
    const read = await fetch(`${t.base}/cdn/${key}`);
    expect(read.status).toBe(503);
    expect(await read.json()).toMatchObject(STORAGE_UNAVAILABLE);
    const write = await postObject(token, `${token.startsWith}down.png`, png);
    expect(write.status).toBe(503);
    expect(write.body).toMatchObject(STORAGE_UNAVAILABLE);
  });
});

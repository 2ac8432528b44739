import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storageObjects, uploadCredentials } from '../../db/schema';
import {
  authToken,
  completeXml,
  createUploadTestApp,
  ossRequest,
  postObject,
  signedPolicy,
  storedRow,
  type UploadTestApp,
} from './upload-test-kit';

let t: UploadTestApp;
let png: Buffer;

beforeAll(async () => {
  t = await createUploadTestApp();
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#ff6a88' } })
    .png()
    .toBuffer();
});
afterAll(() => t.close());

describe('PostObject', () => {
  it('stores the file, records the row with the image size, serves it on the CDN', async () => {
    const token = await authToken(t);
    const key = `${token.startsWith}ok.png`;
    // success_action_status 200: OSS's empty answer, the ETag in a header.
    const res = await postObject(token, key, png);
    expect(res).toMatchObject({ status: 200, body: {} });
    const row = await storedRow(t, key);
    expect(row).toMatchObject({
      size: png.length,
      contentType: 'image/png',
      width: 40,
      height: 30,
      acl: 'public-read',
      appId: 'community-h5',
      userId: null,
    });
    expect(res.etag).toBe(`"${row?.etag}"`);
    const cdn = await fetch(`${t.base}/cdn/${key}`);
    expect(Buffer.from(await cdn.arrayBuffer()).equals(png)).toBe(true);
  });

  it('answers by success_action_status as OSS does: 201 a PostResponse document, else 204 and no body', async () => {
    const token = await authToken(t);
    const created = await postObject(token, `${token.startsWith}201.png`, png, {
      success_action_status: '201',
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      document: 'PostResponse',
      bucket: 'community-h5',
      location: `${t.base}/cdn/${token.startsWith}201.png`,
      key: `${token.startsWith}201.png`,
      etag: `"${(await storedRow(t, `${token.startsWith}201.png`))?.etag}"`,
    });
    const plain = await postObject(token, `${token.startsWith}204.png`, png, {
      success_action_status: undefined,
    });
    expect(plain).toMatchObject({ status: 204, body: {} });
    expect(await storedRow(t, `${token.startsWith}204.png`)).toMatchObject({ size: png.length });
  });

  it('records the size of large images: a JPEG from its head, a WebP read whole', async () => {
    const noise = (width: number, height: number) =>
      sharp({
        create: {
          width,
          height,
          channels: 3,
          background: '#888',
          noise: { type: 'gaussian', mean: 128, sigma: 60 },
        },
      });
    const jpeg = await noise(1600, 1200).jpeg({ quality: 95 }).toBuffer();
    const webp = await noise(1500, 1000).webp({ quality: 100 }).toBuffer();
    expect(Math.min(jpeg.length, webp.length)).toBeGreaterThan(512 * 1024);
    const token = await authToken(t);
    expect((await postObject(token, `${token.startsWith}big.jpg`, jpeg, {}, 'image/jpeg')).status).toBe(200);
    expect(await storedRow(t, `${token.startsWith}big.jpg`)).toMatchObject({ width: 1600, height: 1200 });
    expect((await postObject(token, `${token.startsWith}big.webp`, webp, {}, 'image/webp')).status).toBe(200);
    expect(await storedRow(t, `${token.startsWith}big.webp`)).toMatchObject({ width: 1500, height: 1000 });
  });

  it('refuses a forged signature, a wrong security token, an unknown key id', async () => {
    const token = await authToken(t);
    const key = `${token.startsWith}x.png`;
    expect(await postObject(token, key, png, { Signature: 'AAAA' })).toMatchObject({
      status: 403,
      body: { code: 'SignatureDoesNotMatch' },
    });
    expect(await postObject(token, key, png, { 'x-oss-security-token': 'nope' })).toMatchObject({
      status: 403,
      body: { code: 'InvalidSecurityToken' },
    });
    expect(await postObject(token, key, png, { OSSAccessKeyId: 'STS.nope' })).toMatchObject({
      status: 403,
      body: { code: 'InvalidAccessKeyId' },
    });
  });

  it('refuses an expired policy signed by a real credential, and an unparsable one', async () => {
    const token = await authToken(t);
    const expired = signedPolicy(token, {
      expiration: new Date(Date.now() - 60_000).toISOString(),
      conditions: [['starts-with', '$key', token.startsWith]],
    });
    expect(await postObject(token, `${token.startsWith}e.png`, png, expired)).toMatchObject({
      status: 403,
      body: {
        code: 'AccessDenied',
        msg: '上传凭证无权写入或已过期，请重新上传',
        message: 'Invalid according to Policy: Policy expired.',
      },
    });
    const garbage = { policy: 'bm90IGpzb24=', Signature: signedPolicy(token, {}).Signature };
    garbage.Signature = (await import('./policy')).hmacSha1(token.accessKeySecret, garbage.policy);
    expect(await postObject(token, `${token.startsWith}g.png`, png, garbage)).toMatchObject({
      status: 400,
      body: { code: 'InvalidPolicyDocument' },
    });
  });

  it('refuses an expired credential', async () => {
    const token = await authToken(t);
    await t.db
      .update(uploadCredentials)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(uploadCredentials.accessKeyId, token.accessKeyId));
    expect(await postObject(token, `${token.startsWith}c.png`, png)).toMatchObject({
      status: 403,
      body: { code: 'SecurityTokenExpired' },
    });
  });

  it('refuses a key outside the prefix, even under a wider self-signed policy', async () => {
    const token = await authToken(t);
    const outside = await postObject(token, 'community-h5/elsewhere/x.png', png);
    expect(outside.status).toBe(403);
    expect(outside.body.message).toBe(
      `Invalid according to Policy: Policy Condition failed: ["starts-with", "$key", "${token.startsWith}"]`,
    );
    const wide = signedPolicy(token, {
      expiration: token.expiration,
      conditions: [['starts-with', '$key', '']],
    });
    expect(await postObject(token, 'community-h5/elsewhere/x.png', png, wide)).toMatchObject({
      status: 403,
      body: { code: 'AccessDenied' },
    });
  });

  it('refuses a bucket mismatch', async () => {
    const token = await authToken(t);
    const other = { ...token, ossHost: `${t.base}/oss/community-h5-private` };
    const res = await postObject(other, `${token.startsWith}b.png`, png);
    expect(res).toMatchObject({ status: 403, body: { code: 'AccessDenied' } });
  });

  it('refuses a size outside content-length-range, keeping nothing', async () => {
    const token = await authToken(t);
    const small = signedPolicy(token, {
      expiration: token.expiration,
      conditions: [
        ['content-length-range', 10, 100],
        ['starts-with', '$key', token.startsWith],
      ],
    });
    const key = `${token.startsWith}big.bin`;
    expect(await postObject(token, key, new Uint8Array(101), small)).toMatchObject({
      status: 400,
      body: { code: 'EntityTooLarge' },
    });
    expect(await postObject(token, key, new Uint8Array(9), small)).toMatchObject({
      status: 400,
      body: { code: 'EntityTooSmall' },
    });
    const rows = await t.db.select().from(storageObjects).where(eq(storageObjects.key, key));
    expect(rows).toEqual([]);
    expect((await fetch(`${t.base}/cdn/${key}`)).status).toBe(404);
  });

  it('refuses every key trick with InvalidObjectName', async () => {
    const token = await authToken(t);
    const p = token.startsWith;
    const tricks = [
      `${p}../../../etc/passwd`,
      `${p}a/../../x`,
      `${p}./x`,
      `/${p}x`,
      `${p}a//b`,
      `${p}a\\b`,
      `${p}a\u0001b`,
      `${p}a\u0000b`,
      `${p}%2e%2e/x`,
      `${p}${'x'.repeat(520)}`,
    ];
    for (const key of tricks) {
      const res = await postObject(token, key, png);
      expect(res.status, JSON.stringify(key)).toBe(400);
      expect(res.body.code, JSON.stringify(key)).toBe('InvalidObjectName');
    }
  });
});

describe('multipart', () => {
  it('init → parts → list → complete; a missing part refused; complete twice gives the same object', async () => {
    const token = await authToken(t, 'archive', 'mp');
    const key = `${token.startsWith}big.zip`;
    const init = await ossRequest(token, 'POST', key, 'uploads', { contentType: 'application/zip' });
    expect(init.status).toBe(200);
    const uploadId = init.body.uploadId as string;
    expect(init.body).toMatchObject({ bucket: 'community-h5', key });

    const part1 = Buffer.alloc(150 * 1024, 1);
    const part2 = Buffer.from('the end');
    const put = (n: number, body: Buffer) =>
      ossRequest(token, 'PUT', key, `partNumber=${n}&uploadId=${uploadId}`, {
        body,
        contentType: 'application/octet-stream',
      });
    const p1 = await put(1, part1);
    expect(p1.status).toBe(200);
    expect(p1.headers.get('etag')).toBe(`"${p1.body.etag}"`);
    const p2 = await put(2, part2);
    expect(p2.status).toBe(200);

    const list = await ossRequest(token, 'GET', key, `uploadId=${uploadId}`);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ document: 'ListPartsResult', uploadId, key, isTruncated: 'false' });
    expect(list.body.parts).toMatchObject([
      { partNumber: 1, size: part1.length, etag: `"${p1.body.etag}"` },
      { partNumber: 2, size: 7, etag: `"${p2.body.etag}"` },
    ]);

    const complete = (parts: Array<{ partNumber: unknown; etag: unknown }>) =>
      ossRequest(token, 'POST', key, `uploadId=${uploadId}`, {
        body: completeXml(parts),
        contentType: 'application/xml',
      });
    const missing = await complete([
      { partNumber: 1, etag: p1.body.etag },
      { partNumber: 3, etag: p2.body.etag },
    ]);
    expect(missing).toMatchObject({ status: 400, body: { code: 'InvalidPart' } });
    const parts = [
      { partNumber: 1, etag: p1.body.etag },
      { partNumber: 2, etag: p2.body.etag },
    ];
    const done = await complete(parts);
    expect(done.status).toBe(200);
    const row = await storedRow(t, key);
    expect(done.body).toEqual({
      document: 'CompleteMultipartUploadResult',
      location: `${t.base}/cdn/${key}`,
      bucket: 'community-h5',
      key,
      etag: `"${row?.etag}"`,
    });
    // Not an image or video by its bytes: stored as opaque, whatever the init said.
    expect(row).toMatchObject({ size: part1.length + part2.length, contentType: 'application/octet-stream' });
    const again = await complete(parts);
    expect([again.status, again.text]).toEqual([200, done.text]);
    const cdn = await fetch(`${t.base}/cdn/${key}`);
    expect(Buffer.from(await cdn.arrayBuffer()).equals(Buffer.concat([part1, part2]))).toBe(true);
  });

  it('refuses a bad signature, a stale date, a key outside the prefix, a small middle part', async () => {
    const token = await authToken(t, 'archive', 'mp');
    const key = `${token.startsWith}s.zip`;
    expect(await ossRequest(token, 'POST', key, 'uploads', { secret: 'wrong' })).toMatchObject({
      status: 403,
      body: { code: 'SignatureDoesNotMatch' },
    });
    expect(
      await ossRequest(token, 'POST', key, 'uploads', { date: new Date(Date.now() - 3_600_000) }),
    ).toMatchObject({ status: 403 });
    expect(await ossRequest(token, 'POST', 'community-h5/other/x.zip', 'uploads')).toMatchObject({
      status: 403,
      body: { code: 'AccessDenied' },
    });
    const init = await ossRequest(token, 'POST', key, 'uploads', { contentType: 'application/zip' });
    const uploadId = init.body.uploadId as string;
    const put = (n: number) =>
      ossRequest(token, 'PUT', key, `partNumber=${n}&uploadId=${uploadId}`, {
        body: Buffer.from('tiny'),
        contentType: 'application/octet-stream',
      });
    const a = await put(1);
    const b = await put(2);
    const res = await ossRequest(token, 'POST', key, `uploadId=${uploadId}`, {
      body: completeXml([
        { partNumber: 1, etag: a.body.etag },
        { partNumber: 2, etag: b.body.etag },
      ]),
      contentType: 'application/xml',
    });
    expect(res).toMatchObject({ status: 400, body: { code: 'EntityTooSmall' } });
  });

  it('accepts a refreshed credential of the same app, user and prefix mid-way', async () => {
    const first = await authToken(t, 'archive', 'mp');
    const key = `${first.startsWith}r.zip`;
    const init = await ossRequest(first, 'POST', key, 'uploads', { contentType: 'application/zip' });
    const second = await authToken(t, 'archive', 'mp');
    const part = await ossRequest(second, 'PUT', key, `partNumber=1&uploadId=${init.body.uploadId}`, {
      body: Buffer.from('x'),
      contentType: 'application/octet-stream',
    });
    expect(part.status).toBe(200);
  });
});

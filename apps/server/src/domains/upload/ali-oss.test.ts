// Issue 29 point 5: a stock ali-oss client (the npm package, unchanged) against the storage host on
// a real localhost port, configured with the STS-like credentials a token gateway hands out
// (accessKeyId, accessKeySecret, stsToken → x-oss-security-token): put, multipartUpload (several
// parts), listParts, abort, PostObject with ali-oss's own policy signature, and OSS's XML errors.
// Every object is read back through the CDN path and found in storage_objects.
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import type { UploadToken } from '@h5/contract';
import { MULTIPART_CHUNK_BYTES, ossStringToSign } from '@h5/core';
import OSS from 'ali-oss';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadCredentials, users } from '../../db/schema';
import {
  appSecretsOf,
  createUploadTestApp,
  requestToken,
  storageBody,
  storedRow,
  type UploadTestApp,
} from './upload-test-kit';

/** ali-oss's own string-to-sign builder (CommonJS, untyped): the reference ours is checked against. */
const signUtils = createRequire(import.meta.url)('ali-oss/lib/common/signUtils') as {
  buildCanonicalString(
    method: string,
    resource: string,
    request: { headers: Record<string, string>; parameters?: unknown },
  ): string;
};

/** An answer as ali-oss returns it. */
interface Res {
  status: number;
  headers: Record<string, string>;
}

/** The calls of ali-oss's client these tests make, as it behaves at runtime (@types/ali-oss lags it). */
interface AliOss {
  put(
    name: string,
    file: Buffer,
    options?: { mime?: string; headers?: Record<string, string> },
  ): Promise<{ res: Res }>;
  putStream(name: string, stream: Readable): Promise<{ res: Res }>;
  multipartUpload(
    name: string,
    file: Buffer,
    options: { partSize: number; parallel: number; progress: (p: number) => void },
  ): Promise<{ res: Res }>;
  initMultipartUpload(name: string): Promise<{ uploadId: string; bucket: string; name: string }>;
  uploadPart(
    name: string,
    uploadId: string,
    part: number,
    file: Buffer,
    start: number,
    end: number,
  ): Promise<{ etag: string }>;
  listParts(
    name: string,
    uploadId: string,
    query: Record<string, string>,
  ): Promise<{
    uploadId: string;
    name: string;
    isTruncated: string;
    nextPartNumberMarker: string;
    parts: unknown;
  }>;
  completeMultipartUpload(
    name: string,
    uploadId: string,
    parts: Array<{ number: number; etag: string }>,
  ): Promise<{ res: Res }>;
  abortMultipartUpload(name: string, uploadId: string): Promise<{ res: Res }>;
  get(name: string, options?: { headers?: Record<string, string> }): Promise<{ content: Buffer; res: Res }>;
  head(name: string): Promise<{ status: number; res: Res }>;
  calculatePostSignature(policy: object): { OSSAccessKeyId: string; Signature: string; policy: string };
}

let t: UploadTestApp;
let port: string;
let duToken: string;
let userId: number;
let png: Buffer;

/** The storage domains of this app: path style on `localhost`, virtual-hosted under the region's host. */
const REGION = 'oss-local';
const DOMAINS = `localhost,${REGION}.aliyuncs.com`;

/** A token of the app gateway for the signed-in user, folder `alioss`. */
async function userToken(folder = 'alioss'): Promise<UploadToken> {
  const envelope = await requestToken(
    t,
    'app',
    { appId: 'community-h5', fileName: 'a.bin', type: 'image', folder },
    { duToken },
  );
  expect(envelope.code).toBe(200);
  return envelope.data;
}

/** A stock client on the token's credentials; path style on localhost unless told otherwise. */
function clientOf(token: UploadToken, options: Record<string, unknown> = {}): AliOss {
  return new OSS({
    endpoint: `http://localhost:${port}`,
    sldEnable: true,
    bucket: token.bucket,
    accessKeyId: token.accessKeyId,
    accessKeySecret: token.accessKeySecret,
    stsToken: token.securityToken,
    // The gateway is ali-oss's STS: a fresh token when the client asks for one.
    refreshSTSToken: async () => {
      const fresh = await userToken();
      return {
        accessKeyId: fresh.accessKeyId,
        accessKeySecret: fresh.accessKeySecret,
        stsToken: fresh.securityToken,
      };
    },
    ...options,
  } as OSS.Options) as unknown as AliOss;
}

/** What the CDN serves at a key. */
async function cdnBytes(key: string): Promise<Buffer> {
  const res = await fetch(`${t.base}/cdn/${key}`);
  expect(res.status, key).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

/** Deterministic bytes that differ per seed. */
function bytesOf(size: number, seed: number): Buffer {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 131 + seed * 17 + (i >> 9)) & 0xff;
  return bytes;
}

/** The error an ali-oss call rejected with. */
async function failureOf(call: Promise<unknown>) {
  try {
    await call;
  } catch (error) {
    return error as {
      name: string;
      code: string;
      status: number;
      requestId: string;
      hostId: string;
      message: string;
    };
  }
  throw new Error('the call did not fail');
}

beforeAll(async () => {
  t = await createUploadTestApp({ STORAGE_HOST_DOMAIN: DOMAINS });
  port = new URL(t.base).port;
  const [user] = await t.db.select({ id: users.id }).from(users).limit(1);
  userId = (user as { id: number }).id;
  ({ duToken } = await t.app.deps.sessions.create(userId));
  png = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();
});
afterAll(() => t.close());

describe('the V1 string to sign', () => {
  it('is built as ali-oss builds it: every x-oss- header sorted, only signed sub-resources', () => {
    const headers = {
      'x-oss-date': 'Fri, 27 Nov 2026 10:00:00 GMT',
      'Content-Type': 'application/xml',
      'Content-MD5': 'ghJKtzt9YA9CtesUCh4G6w==',
      'x-oss-security-token': 'tok',
      'X-OSS-Object-Acl': 'private',
    };
    const ours = ossStringToSign({
      method: 'post',
      headers,
      bucket: 'community-h5',
      key: 'community-h5/u1/a b.zip',
      query: [
        ['uploadId', 'abc'],
        ['max-parts', '10'],
      ],
    });
    const theirs = signUtils.buildCanonicalString('POST', '/community-h5/community-h5/u1/a b.zip', {
      headers,
      parameters: { uploadId: 'abc' },
    });
    expect(ours).toBe(theirs);
    expect(ours.split('\n')).toEqual([
      'POST',
      'ghJKtzt9YA9CtesUCh4G6w==',
      'application/xml',
      'Fri, 27 Nov 2026 10:00:00 GMT',
      'x-oss-date:Fri, 27 Nov 2026 10:00:00 GMT',
      'x-oss-object-acl:private',
      'x-oss-security-token:tok',
      '/community-h5/community-h5/u1/a b.zip?uploadId=abc',
    ]);
  });
});

describe('a stock ali-oss client against the storage host', () => {
  it('put: stored under the user, type sniffed, readable on the CDN', async () => {
    const token = await userToken();
    const key = `${token.startsWith}put.png`;
    const result = await clientOf(token).put(key, png, { mime: 'text/html' });
    expect(result.res.status).toBe(200);
    const row = await storedRow(t, key);
    expect(row).toMatchObject({
      size: png.length,
      contentType: 'image/png',
      width: 30,
      height: 20,
      userId,
      appId: 'community-h5',
      acl: 'public-read',
    });
    expect(result.res.headers.etag).toBe(`"${row?.etag}"`);
    expect((await cdnBytes(key)).equals(png)).toBe(true);
  });

  it('get and head (signed GetObject / HeadObject): whole, a range, 404 NoSuchKey, only by the owner', async () => {
    const token = await userToken();
    const key = `${token.startsWith}read-back.png`;
    const client = clientOf(token);
    await client.put(key, png);
    const row = await storedRow(t, key);
    const whole = await client.get(key);
    expect(whole.content.equals(png)).toBe(true);
    expect(whole.res.headers).toMatchObject({
      etag: `"${row?.etag}"`,
      'content-type': 'image/png',
      'content-length': String(png.length),
    });
    const part = await client.get(key, { headers: { Range: 'bytes=2-9' } });
    expect(part.res.status).toBe(206);
    expect(part.res.headers['content-range']).toBe(`bytes 2-9/${png.length}`);
    expect(part.content.equals(png.subarray(2, 10))).toBe(true);
    const head = await client.head(key);
    expect(head.res.status).toBe(200);
    expect(head.res.headers).toMatchObject({ etag: `"${row?.etag}"`, 'content-length': String(png.length) });
    expect(await failureOf(client.get(`${token.startsWith}never-put.png`))).toMatchObject({
      status: 404,
      code: 'NoSuchKey',
    });
    expect(await failureOf(client.head(`${token.startsWith}never-put.png`))).toMatchObject({ status: 404 });
    // A session of the app's whole folder (no user) reaches the key but is not its owner.
    const app = appSecretsOf(t);
    const { credentials } = await new OSS.STS({
      endpoint: `${t.base}/sts`,
      accessKeyId: app.accessToken,
      accessKeySecret: app.accessSecret,
    } as ConstructorParameters<typeof OSS.STS>[0]).assumeRole(
      'acs:ram::1:role/reader',
      {
        Statement: [
          {
            Effect: 'Allow',
            Action: ['oss:GetObject'],
            Resource: ['acs:oss:*:*:community-h5/community-h5/*'],
          },
        ],
      },
      900,
    );
    const appWide = clientOf({
      ...token,
      accessKeyId: credentials.AccessKeyId,
      accessKeySecret: credentials.AccessKeySecret,
      securityToken: credentials.SecurityToken,
    });
    expect(await failureOf(appWide.get(key))).toMatchObject({ status: 403, code: 'AccessDenied' });
  });

  it('put with a virtual-hosted address (an IP endpoint: Host is {bucket}.{region host})', async () => {
    const token = await userToken();
    const key = `${token.startsWith}virtual.bin`;
    const bytes = bytesOf(3000, 1);
    const client = clientOf(token, {
      endpoint: `http://127.0.0.1:${port}`,
      sldEnable: false,
      region: REGION,
    });
    expect((await client.put(key, bytes)).res.status).toBe(200);
    expect(await storedRow(t, key)).toMatchObject({ size: 3000, contentType: 'application/octet-stream' });
    expect((await cdnBytes(key)).equals(bytes)).toBe(true);
  });

  it('putStream (chunked, no length): streamed into the store', async () => {
    const token = await userToken();
    const key = `${token.startsWith}stream.bin`;
    const bytes = bytesOf(300_000, 2);
    const stream = Readable.from([bytes.subarray(0, 100_000), bytes.subarray(100_000)]);
    expect((await clientOf(token).putStream(key, stream)).res.status).toBe(200);
    expect((await cdnBytes(key)).equals(bytes)).toBe(true);
  });

  it('multipartUpload: a file of several 819200-byte parts, completed and recorded', async () => {
    const token = await userToken();
    const key = `${token.startsWith}several.mp4`;
    const bytes = bytesOf(4 * MULTIPART_CHUNK_BYTES + 12_345, 3);
    // An MP4's ftyp box first: the stored type comes from the joined bytes.
    bytes.set([0, 0, 0, 24, ...Buffer.from('ftypisom'), 0, 0, 2, 0, ...Buffer.from('isomiso2')], 0);
    const progress: number[] = [];
    const result = await clientOf(token).multipartUpload(key, bytes, {
      partSize: MULTIPART_CHUNK_BYTES,
      parallel: 2,
      progress: (p: number) => {
        progress.push(p);
      },
    });
    expect(result.res.status).toBe(200);
    expect(progress.at(-1)).toBe(1);
    const row = await storedRow(t, key);
    expect(row).toMatchObject({ size: bytes.length, contentType: 'video/mp4', userId });
    expect(row?.etag).toMatch(/-5$/);
    expect((await cdnBytes(key)).equals(bytes)).toBe(true);
  });

  it('initMultipartUpload, uploadPart, listParts; abortMultipartUpload of another upload', async () => {
    const token = await userToken();
    const client = clientOf(token);
    const key = `${token.startsWith}listed.bin`;
    const bytes = bytesOf(2 * MULTIPART_CHUNK_BYTES + 10, 4);
    const { uploadId, bucket, name } = await client.initMultipartUpload(key);
    expect([bucket, name]).toEqual(['community-h5', key]);
    const p1 = await client.uploadPart(key, uploadId, 1, bytes, 0, MULTIPART_CHUNK_BYTES);
    const p2 = await client.uploadPart(
      key,
      uploadId,
      2,
      bytes,
      MULTIPART_CHUNK_BYTES,
      2 * MULTIPART_CHUNK_BYTES,
    );
    const listed = await client.listParts(key, uploadId, { 'max-parts': '1' });
    expect(listed).toMatchObject({ uploadId, name: key, isTruncated: 'true', nextPartNumberMarker: '1' });
    expect(listed.parts).toMatchObject({
      PartNumber: '1',
      ETag: p1.etag,
      Size: String(MULTIPART_CHUNK_BYTES),
    });
    const rest = await client.listParts(key, uploadId, { 'part-number-marker': '1' });
    expect(rest.parts).toMatchObject({ PartNumber: '2', ETag: p2.etag });
    const p3 = await client.uploadPart(key, uploadId, 3, bytes, 2 * MULTIPART_CHUNK_BYTES, bytes.length);
    const done = await client.completeMultipartUpload(key, uploadId, [
      { number: 1, etag: p1.etag },
      { number: 2, etag: p2.etag },
      { number: 3, etag: p3.etag },
    ]);
    expect(done.res.status).toBe(200);
    expect((await cdnBytes(key)).equals(bytes)).toBe(true);

    const other = `${token.startsWith}aborted.bin`;
    const second = await client.initMultipartUpload(other);
    await client.uploadPart(other, second.uploadId, 1, bytes, 0, MULTIPART_CHUNK_BYTES);
    expect((await client.abortMultipartUpload(other, second.uploadId)).res.status).toBe(204);
    const gone = await failureOf(client.listParts(other, second.uploadId, {}));
    expect(gone).toMatchObject({ status: 404, code: 'NoSuchUpload', name: 'NoSuchUploadError' });
    expect(await storedRow(t, other)).toBeUndefined();
    expect((await fetch(`${t.base}/cdn/${other}`)).status).toBe(404);
  });

  it("PostObject with ali-oss's calculatePostSignature: stored, recorded, on the CDN", async () => {
    const token = await userToken();
    const client = clientOf(token);
    const key = `${token.startsWith}posted.png`;
    const signed = client.calculatePostSignature({
      expiration: new Date(Date.now() + 60_000).toISOString(),
      conditions: [
        ['content-length-range', 0, 1024 * 1024],
        ['starts-with', '$key', token.startsWith],
        { bucket: token.bucket },
      ],
    });
    const form = new FormData();
    form.append('OSSAccessKeyId', signed.OSSAccessKeyId);
    form.append('policy', signed.policy);
    form.append('Signature', signed.Signature);
    form.append('key', key);
    form.append('success_action_status', '201');
    form.append('x-oss-security-token', token.securityToken);
    form.append('file', new Blob([png]), 'posted.png');
    // Path style on the storage domain: POST /{bucket}.
    const res = await fetch(`http://localhost:${port}/community-h5`, { method: 'POST', body: form });
    expect(res.status).toBe(201);
    expect(storageBody(await res.text())).toMatchObject({
      document: 'PostResponse',
      bucket: 'community-h5',
      key,
    });
    expect(await storedRow(t, key)).toMatchObject({ size: png.length, contentType: 'image/png', userId });
    expect((await cdnBytes(key)).equals(png)).toBe(true);
  });
});

describe("OSS's XML errors", () => {
  it('SignatureDoesNotMatch: the whole document, its request id also in x-oss-request-id', async () => {
    const token = await userToken();
    const key = `${token.startsWith}forged.png`;
    const forged = clientOf({ ...token, accessKeySecret: 'not-the-secret' });
    const error = await failureOf(forged.put(key, png));
    expect(error).toMatchObject({
      status: 403,
      code: 'SignatureDoesNotMatch',
      name: 'SignatureDoesNotMatchError',
    });
    expect(error.requestId).toMatch(/^[0-9A-F]{24}$/);

    // The raw answer: OSS's document, element by element.
    const res = await fetch(`http://localhost:${port}/community-h5/${key}`, {
      method: 'PUT',
      headers: {
        'x-oss-date': new Date().toUTCString(),
        'x-oss-security-token': token.securityToken,
        authorization: `OSS ${token.accessKeyId}:AAAAAAAAAAAAAAAAAAAAAAAAAAA=`,
      },
      body: png,
    });
    const text = await res.text();
    const requestId = res.headers.get('x-oss-request-id');
    expect(res.status).toBe(403);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(text).toMatch(
      new RegExp(
        '^<\\?xml version="1\\.0" encoding="UTF-8"\\?>\\n<Error><Code>SignatureDoesNotMatch</Code>' +
          '<Message>The request signature we calculated does not match the signature you provided\\.</Message>' +
          `<RequestId>${requestId}</RequestId><HostId>localhost:${port}</HostId>` +
          `<OSSAccessKeyId>${token.accessKeyId}</OSSAccessKeyId><StringToSign>PUT\\n`,
      ),
    );
    expect(text).toContain('<UserMessage>上传签名校验失败，请重新上传</UserMessage></Error>');
    expect(await storedRow(t, key)).toBeUndefined();
  });

  it('AccessDenied: a key outside the credential, and no signature at all', async () => {
    const token = await userToken();
    const outside = await failureOf(clientOf(token).put('community-h5/elsewhere/x.png', png));
    expect(outside).toMatchObject({ status: 403, code: 'AccessDenied' });
    const anonymous = await fetch(`http://localhost:${port}/community-h5/${token.startsWith}anon.png`, {
      method: 'PUT',
      body: png,
    });
    expect(anonymous.status).toBe(403);
    expect(storageBody(await anonymous.text())).toMatchObject({ code: 'AccessDenied' });
  });

  it('SecurityTokenExpired and InvalidAccessKeyId', async () => {
    const token = await userToken();
    const stranger = await failureOf(
      clientOf({ ...token, accessKeyId: 'STS.nobody' }).put(`${token.startsWith}a.png`, png),
    );
    expect(stranger).toMatchObject({ status: 403, code: 'InvalidAccessKeyId' });
    await t.db
      .update(uploadCredentials)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(uploadCredentials.accessKeyId, token.accessKeyId));
    // No refresh: the client keeps presenting the expired credential.
    const client = clientOf(token, {
      refreshSTSToken: async () => ({
        accessKeyId: token.accessKeyId,
        accessKeySecret: token.accessKeySecret,
        stsToken: token.securityToken,
      }),
    });
    expect(await failureOf(client.put(`${token.startsWith}b.png`, png))).toMatchObject({
      status: 403,
      code: 'SecurityTokenExpired',
    });
  });

  it('EntityTooLarge: a part over 5 MiB, refused from its length before it is read', async () => {
    const token = await userToken();
    const client = clientOf(token);
    const key = `${token.startsWith}huge.bin`;
    const { uploadId } = await client.initMultipartUpload(key);
    const big = bytesOf(5 * 1024 * 1024 + 1, 5);
    const error = await failureOf(client.uploadPart(key, uploadId, 1, big, 0, big.length));
    expect(error).toMatchObject({ status: 400, code: 'EntityTooLarge' });
  });

  it('InvalidDigest: a put whose Content-MD5 is not its bytes keeps nothing', async () => {
    const token = await userToken();
    const key = `${token.startsWith}digest.png`;
    const error = await failureOf(
      clientOf(token).put(key, png, { headers: { 'Content-MD5': 'AAAAAAAAAAAAAAAAAAAAAA==' } }),
    );
    expect(error).toMatchObject({ status: 400, code: 'InvalidDigest' });
    expect(await storedRow(t, key)).toBeUndefined();
    expect((await fetch(`${t.base}/cdn/${key}`)).status).toBe(404);
  });
});

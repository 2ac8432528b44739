// The upload SDK (packages/upload) against the real server on 127.0.0.1: the signed request client
// for the token gateways and the file-type enum, fetch for the storage host (OSS's wire form: V1
// header signing, XML answers and errors), the media centre and the CDN. Token → direct upload →
// multipart → resume after a "reload" → refresh of a credential that expires mid-way → server
// upload, each read back from the CDN byte for byte and found in storage_objects.
import { createHmac } from 'node:crypto';
import { MULTIPART_CHUNK_BYTES } from '@h5/core';
import { createApiClient } from '@h5/request';
import { createUploader, type Transport, type UploadConfig, type UploadDeps } from '@h5/upload';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadCredentials, users } from '../../db/schema';
import { appSecretsOf, createUploadTestApp, storedRow, type UploadTestApp } from './upload-test-kit';

let t: UploadTestApp;
let duToken: string;

/** A Map-backed Web Storage: local storage that survives the "reload" (a new uploader). */
const memoryStorage = () => {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
};

/** A transport over fetch that records what it sends and can act after each stored part. */
function recordingTransport(afterPart?: (partNumber: number) => void | Promise<void>) {
  const sent: { method: string; url: string; body?: unknown; answer?: string; type?: string | null }[] = [];
  const transport: Transport = async (request) => {
    const record: (typeof sent)[number] = { method: request.method, url: request.url, body: request.body };
    sent.push(record);
    const response = await fetch(request.url, {
      method: request.method,
      headers: request.headers ?? {},
      body: request.body ?? null,
      signal: request.signal ?? null,
    });
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const text = await response.text();
    record.answer = text;
    record.type = response.headers.get('content-type');
    const partNumber = new URL(request.url).searchParams.get('partNumber');
    if (request.method === 'PUT' && partNumber && response.status === 200)
      await afterPart?.(Number(partNumber));
    return { status: response.status, statusText: response.statusText, headers, text };
  };
  const parts = () =>
    sent.filter((r) => r.method === 'PUT').map((r) => Number(new URL(r.url).searchParams.get('partNumber')));
  return { transport, sent, parts };
}

function uploaderFor(deps: Partial<UploadDeps> = {}, config: Partial<UploadConfig> = {}) {
  const api = createApiClient({ baseUrl: t.base, signSecret: t.env.SIGN_SECRET });
  return createUploader(
    {
      appId: 'community-h5',
      gateway: 'app',
      gatewayKey: 'duToken',
      cookieKey: 'duToken',
      monitorName: 'sdk-roundtrip',
      monitorEnv: 'test',
      monitorUser: 'vitest',
      ...config,
    },
    {
      api,
      cookie: () => `other=1; duToken=${encodeURIComponent(duToken)}`,
      storage: { local: memoryStorage(), session: memoryStorage() },
      readImageSize: async (blob) => {
        const { width, height } = await sharp(new Uint8Array(await blob.arrayBuffer())).metadata();
        return width && height ? { width, height } : null;
      },
      ...deps,
    },
  );
}

/** Deterministic bytes that differ per file. */
function bytesOf(size: number, seed: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 131 + seed * 17 + (i >> 9)) & 0xff;
  return bytes;
}

async function cdnBytes(url: string) {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}

const sameBytes = (a: Uint8Array, b: Uint8Array) =>
  a.length === b.length && a.every((byte, i) => byte === b[i]);

beforeAll(async () => {
  t = await createUploadTestApp();
  const [user] = await t.db.select({ id: users.id }).from(users).limit(1);
  ({ duToken } = await t.app.deps.sessions.create((user as { id: number }).id));
});
afterAll(() => t.close());

describe('upload SDK against the server', () => {
  it('checks a real image, gets a token from the app gateway and uploads it directly; the CDN serves it', async () => {
    const png = new Uint8Array(
      await sharp({ create: { width: 64, height: 48, channels: 3, background: '#36c' } })
        .png()
        .toBuffer(),
    );
    const uploader = uploaderFor();
    const file = new File([png], 'Cover.PNG', { type: 'image/png' });
    expect(await uploader.checkFile(file)).toMatchObject({
      suffix: 'png',
      width: 64,
      height: 48,
      type: 'image',
    });
    const result = await uploader.upload(file, { folder: 'feedback' });
    expect(result.fileKey).toMatch(/^community-h5\/u\d+\/feedback\/\d{4}\/\d{2}\/\d{2}\/[0-9a-z]+\.png$/);
    expect(result.cdn).toBe(`${t.base}/cdn/${result.fileKey}`);
    expect(result.object).toMatchObject({
      width: 64,
      height: 48,
      size: png.length,
      contentType: 'image/png',
    });
    expect(sameBytes(await cdnBytes(result.cdn), png)).toBe(true);
    expect(await storedRow(t, result.fileKey)).toMatchObject({
      contentType: 'image/png',
      width: 64,
      height: 48,
      etag: result.object.etag,
    });
  });

  it("reports the storage host's XML error with its code and person text", async () => {
    const api = createApiClient({ baseUrl: t.base, signSecret: t.env.SIGN_SECRET });
    const forging: UploadDeps['api'] = async (endpoint, input, options) => {
      const answer = await api(endpoint, input, options);
      return (
        endpoint.path.includes('/token/') ? { ...(answer as object), signature: 'AAAA' } : answer
      ) as never;
    };
    const png = new Uint8Array(
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
        .png()
        .toBuffer(),
    );
    await expect(
      uploaderFor({ api: forging }).upload(new File([png], 'forged.png', { type: 'image/png' })),
    ).rejects.toMatchObject({
      name: 'UploadError',
      code: 'SignatureDoesNotMatch',
      status: 403,
      message: '上传签名校验失败，请重新上传',
    });
  });

  it("types a suffix outside the enum 'file', which the gateways refuse", async () => {
    const uploader = uploaderFor();
    expect(await uploader.checkFile(new File([bytesOf(10, 9)], 'data.xyz'))).toMatchObject({ type: 'file' });
    await expect(uploader.upload(new File([bytesOf(10, 9)], 'data.xyz'))).rejects.toMatchObject({
      name: 'UploadError',
      code: 400,
    });
  });

  it('refuses a disguised picture in strict mode before sending anything', async () => {
    const { transport, sent } = recordingTransport();
    const uploader = uploaderFor({ transport }, { strictPictureApp: true });
    await expect(
      uploader.upload(new File([bytesOf(100, 1)], 'x.jpg', { type: 'image/jpeg' })),
    ).rejects.toThrow('图片类型仅支持以下格式：【 .jpg .png .gif .webp 】');
    expect(sent).toEqual([]);
  });

  it('uploads a large file in parts: init, the parts in order, complete; the CDN serves the whole', async () => {
    const { transport, sent, parts } = recordingTransport();
    const bytes = bytesOf(5 * MULTIPART_CHUNK_BYTES + 4321, 2);
    // An MP4's ftyp box first: the server decides the type from the bytes.
    bytes.set([0, 0, 0, 24, ...Buffer.from('ftypisom'), 0, 0, 2, 0, ...Buffer.from('isomiso2')], 0);
    const file = new File([bytes], 'clip.mp4', { type: 'video/mp4' });
    const percents: number[] = [];
    const result = await uploaderFor({ transport }).upload(file, {
      onProgress: (p) => percents.push(p.percent),
    });
    expect(sent[0]?.url).toMatch(/\?uploads$/);
    expect(sent[0]?.answer).toMatch(/<InitiateMultipartUploadResult><Bucket>community-h5<\/Bucket>/);
    expect(parts()).toEqual([1, 2, 3, 4, 5, 6]);
    const complete = sent.at(-1);
    expect(complete?.method).toBe('POST');
    expect(complete?.body).toMatch(
      /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<CompleteMultipartUpload><Part><PartNumber>1<\/PartNumber><ETag>"[0-9a-f]+"<\/ETag><\/Part>/,
    );
    expect(complete?.type).toMatch(/^application\/xml/);
    expect(complete?.answer).toContain(`<Key>${result.fileKey}</Key>`);
    expect(result.object).toMatchObject({ size: bytes.length, contentType: 'video/mp4' });
    // What the server decided from the joined bytes, and the ETag the SDK was answered.
    expect(await storedRow(t, result.fileKey)).toMatchObject({
      size: bytes.length,
      contentType: 'video/mp4',
      etag: result.object.etag,
    });
    expect(percents.at(-1)).toBe(100);
    expect(sameBytes(await cdnBytes(result.cdn), bytes)).toBe(true);
  });

  it('resumes after a reload from the parts the server holds, and refreshes a credential that expires mid-way', async () => {
    const local = memoryStorage();
    const bytes = bytesOf(7 * MULTIPART_CHUNK_BYTES, 3);
    const file = new File([bytes], 'long.mp4', { type: 'video/mp4', lastModified: 1_763_000_000_000 });

    // The first page goes away after part 3 is stored.
    const controller = new AbortController();
    const first = recordingTransport((n) => {
      if (n === 3) controller.abort(new Error('page closed'));
    });
    await expect(
      uploaderFor({ transport: first.transport, storage: { local, session: memoryStorage() } }).upload(file, {
        signal: controller.signal,
      }),
    ).rejects.toMatchObject({ code: 'aborted' });
    expect(first.parts()).toEqual([1, 2, 3]);
    const checkpoint = JSON.parse([...local.map.values()][0] ?? 'null') as { key: string; uploadId: string };
    expect(checkpoint).toMatchObject({ bucket: 'community-h5', partsTotal: 7 });

    // The reloaded page (a new uploader, a new token) uploads the same file; its credential
    // expires after part 5, so part 6 is refused once and re-sent with a refreshed token.
    let expired = false;
    const second = recordingTransport(async (n) => {
      if (n === 5 && !expired) {
        expired = true;
        await t.db.update(uploadCredentials).set({ expiresAt: new Date(Date.now() - 1000) });
      }
    });
    const tokenCalls: string[] = [];
    const api = createApiClient({ baseUrl: t.base, signSecret: t.env.SIGN_SECRET });
    const counting: UploadDeps['api'] = (endpoint, input, options) => {
      if (endpoint.path.includes('/token/')) tokenCalls.push(endpoint.path);
      return api(endpoint, input, options);
    };
    const result = await uploaderFor({
      api: counting,
      transport: second.transport,
      storage: { local, session: memoryStorage() },
    }).upload(file);

    expect(second.sent[0]).toMatchObject({ method: 'GET' });
    expect(second.sent[0]?.url).toContain(`uploadId=${checkpoint.uploadId}`);
    expect(second.sent.some((r) => r.url.endsWith('?uploads'))).toBe(false);
    expect(second.parts()).toEqual([4, 5, 6, 6, 7]);
    expect(tokenCalls).toHaveLength(2);
    expect(result.fileKey).toBe(checkpoint.key);
    expect(local.map.size).toBe(0);
    expect(sameBytes(await cdnBytes(result.cdn), bytes)).toBe(true);
  });

  it('starts over when the checkpoint names an upload the server does not know', async () => {
    const local = memoryStorage();
    const bytes = bytesOf(2 * MULTIPART_CHUNK_BYTES, 4);
    const file = new File([bytes], 'gone.mp4', { type: 'video/mp4', lastModified: 5 });
    const first = recordingTransport();
    const uploader = uploaderFor({
      transport: first.transport,
      storage: { local, session: memoryStorage() },
    });
    const done = await uploader.upload(file, { mode: 'multipart' });
    // Pretend the page died before deleting its checkpoint: the server has completed (forgotten) that upload.
    local.setItem(
      [...local.map.keys()][0] ??
        `h5-upload:multipart:${JSON.stringify(['community-h5', 'gone.mp4', bytes.length, 5])}`,
      JSON.stringify({
        key: done.fileKey,
        uploadId: 'no-such-upload',
        bucket: 'community-h5',
        partsTotal: 2,
        savedAt: 1,
      }),
    );
    const second = recordingTransport();
    const again = await uploaderFor({
      transport: second.transport,
      storage: { local, session: memoryStorage() },
    }).upload(file, {
      mode: 'multipart',
    });
    expect(second.sent.map((r) => r.method)).toEqual(['GET', 'POST', 'PUT', 'PUT', 'POST']);
    expect(again.fileKey).not.toBe(done.fileKey);
    expect(sameBytes(await cdnBytes(again.cdn), bytes)).toBe(true);
  });

  it('server upload: signed with the app secret through the media centre, served by the CDN', async () => {
    const H5 = appSecretsOf(t);
    const bytes = bytesOf(3000, 5);
    const result = await uploaderFor().serverUpload(
      new File([bytes], 'report.pdf', { type: 'application/pdf' }),
      {
        mediaCenter: t.base,
        accessToken: H5.accessToken,
        backstageCode: H5.backstageCode,
        sign: ({ accessToken, backstageCode, timestamp }) =>
          createHmac('sha256', H5.accessSecret)
            .update(`${accessToken}\n${backstageCode}\n${timestamp}`)
            .digest('hex'),
      },
    );
    expect(result.cdn).toBe(`${t.base}/cdn/${result.fileKey}`);
    expect(sameBytes(await cdnBytes(result.cdn), bytes)).toBe(true);
    await expect(
      uploaderFor().serverUpload(new File([bytes], 'report.pdf'), {
        mediaCenter: t.base,
        accessToken: H5.accessToken,
        backstageCode: H5.backstageCode,
        sign: () => 'forged',
      }),
    ).rejects.toMatchObject({ name: 'UploadError' });
  });

  it('reads the file-type enum through the request client, once per session', async () => {
    const session = memoryStorage();
    const uploader = uploaderFor({ storage: { local: memoryStorage(), session } });
    const types = await uploader.getFileTypes();
    expect(types.image?.suffixes).toContain('png');
    expect(session.map.has('h5-upload:file-types')).toBe(true);
  });
});

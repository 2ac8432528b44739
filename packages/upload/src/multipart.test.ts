import { upload } from '@h5/contract';
import { describe, expect, it } from 'vitest';
import { checkpointKeyOf } from './checkpoint';
import type { UploadProgress } from './progress';
import { baseConfig, CDN_HOST, createFakeOss, makeFile, memoryStorage, sameBytes } from './test-utils';
import type { Transport } from './transport';
import { createUploader, MULTIPART_THRESHOLD_BYTES } from './uploader';

/** Spec §9: multipart chunk 819200 bytes. */
const CHUNK = 819_200;

const MB30 = 30 * 1024 * 1024;

function setup(oss = createFakeOss(), local = memoryStorage()) {
  const uploader = createUploader(baseConfig(), {
    api: oss.api,
    transport: oss.transport,
    storage: { local, session: memoryStorage() },
    cookie: () => 'duToken=t',
  });
  return { oss, local, uploader };
}

const partNumbers = (oss: ReturnType<typeof createFakeOss>) =>
  oss.partPuts().map((r) => Number(new URL(r.url).searchParams.get('partNumber')));

describe('multipart upload', () => {
  it('sends a 30 MB file as 39 signed parts of 819200 bytes in order, between init and complete, with progress up to 100 %', async () => {
    const { oss, uploader, local } = setup();
    const file = makeFile('movie.mp4', MB30, { type: 'video/mp4' });
    const progress: UploadProgress[] = [];
    const result = await uploader.upload(file, { onProgress: (p) => progress.push(p) });

    const calls = oss.requests.map(
      (r) => `${r.method} ${new URL(r.url).search.replace(/uploadId=[^&]+/, 'uploadId=U')}`,
    );
    expect(calls[0]).toBe('POST ?uploads');
    expect(calls.at(-1)).toBe('POST ?uploadId=U');
    expect(partNumbers(oss)).toEqual(Array.from({ length: 39 }, (_, i) => i + 1));
    expect(calls).toHaveLength(41);
    // Signed requests: the storage host (maybe real OSS, another origin) gets no cookies.
    expect(new Set(oss.requests.map((r) => r.credentials))).toEqual(new Set(['omit']));
    expect(oss.requests[0]?.headers['content-type']).toBe('video/mp4');

    const stored = oss.objects.get(result.fileKey);
    expect(stored?.bytes.length).toBe(MB30);
    expect(await sameBytes(stored?.bytes, file)).toBe(true);
    expect(result.cdn).toBe(`${CDN_HOST}/${result.fileKey}`);
    expect(result.fileKey).toMatch(/^community-h5\/video\/.+\.mp4$/);

    const loaded = progress.map((p) => p.loaded);
    expect(loaded).toEqual([...loaded].sort((a, b) => a - b));
    expect(progress.at(-1)).toMatchObject({
      loaded: MB30,
      total: MB30,
      percent: 100,
      partsDone: 39,
      partsTotal: 39,
    });
    expect(progress.filter((p) => p.percent === 100)).toHaveLength(1);
    expect(Math.max(...progress.map((p) => p.partNumber ?? 0))).toBe(39);
    expect(local.map.size).toBe(0); // checkpoint deleted after complete
  });

  it("goes multipart in 'auto' only above 5 parts' worth", async () => {
    const { oss, uploader } = setup();
    await uploader.upload(makeFile('a.mp4', MULTIPART_THRESHOLD_BYTES));
    expect(oss.partPuts()).toHaveLength(0);
    await uploader.upload(makeFile('b.mp4', MULTIPART_THRESHOLD_BYTES + 1));
    expect(partNumbers(oss)).toEqual([1, 2, 3, 4, 5, 6]);
    await uploader.upload(makeFile('c.mp4', 1000), { mode: 'multipart' });
    expect(partNumbers(oss).slice(6)).toEqual([1]);
  });

  it('resumes after a reload: lists the parts, sends only the missing ones, completes and deletes the checkpoint', async () => {
    const oss = createFakeOss();
    const local = memoryStorage();
    const file = makeFile('clip.mp4', 10 * CHUNK + 1234, { lastModified: 42 });
    // First page: the connection dies after part 4 is stored.
    const controller = new AbortController();
    oss.setOnPart((n) => n === 4 && controller.abort(new Error('page closed')));
    await expect(
      setup(oss, local).uploader.upload(file, { signal: controller.signal }),
    ).rejects.toMatchObject({
      code: 'aborted',
    });
    oss.setOnPart(undefined);
    const checkpoint = JSON.parse(local.map.get(checkpointKeyOf('community-h5', file)) ?? 'null');
    expect(checkpoint).toMatchObject({
      uploadId: expect.any(String),
      bucket: 'community-h5',
      partsTotal: 11,
    });
    const before = oss.requests.length;

    // After the reload: a new uploader (new token), the same file.
    const progress: UploadProgress[] = [];
    const result = await setup(oss, local).uploader.upload(file, { onProgress: (p) => progress.push(p) });
    const after = oss.requests.slice(before);
    expect(after[0]?.method).toBe('GET');
    expect(new URL(after[0]?.url ?? '').searchParams.get('uploadId')).toBe(checkpoint.uploadId);
    const resent = after
      .filter((r) => r.method === 'PUT')
      .map((r) => Number(new URL(r.url).searchParams.get('partNumber')));
    expect(resent).toEqual([5, 6, 7, 8, 9, 10, 11]);
    expect(after.some((r) => r.url.includes('?uploads'))).toBe(false);
    expect(result.fileKey).toBe(checkpoint.key);
    expect(await sameBytes(oss.objects.get(result.fileKey)?.bytes, file)).toBe(true);
    expect(progress.at(-1)?.percent).toBe(100);
    expect(local.map.size).toBe(0);
  });

  it('pages through list-parts (IsTruncated, part-number-marker) when resuming', async () => {
    const oss = createFakeOss();
    const local = memoryStorage();
    const file = makeFile('paged.mp4', 6 * CHUNK, { lastModified: 7 });
    const controller = new AbortController();
    oss.setOnPart((n) => n === 5 && controller.abort(new Error('page closed')));
    await expect(
      setup(oss, local).uploader.upload(file, { signal: controller.signal }),
    ).rejects.toMatchObject({ code: 'aborted' });
    oss.setOnPart(undefined);
    oss.setListPage(2);
    const before = oss.requests.length;
    const result = await setup(oss, local).uploader.upload(file);
    const after = oss.requests.slice(before);
    const lists = after.filter((r) => r.method === 'GET').map((r) => new URL(r.url).searchParams);
    expect(lists.map((q) => q.get('part-number-marker'))).toEqual([null, '2', '4']);
    const resent = after
      .filter((r) => r.method === 'PUT')
      .map((r) => Number(new URL(r.url).searchParams.get('partNumber')));
    expect(resent).toEqual([6]);
    expect(await sameBytes(oss.objects.get(result.fileKey)?.bytes, file)).toBe(true);
    // complete's answer is OSS's document: the object's ETag is the joined one's.
    expect(result.object.etag).toMatch(/^[0-9a-f]{32}-6$/);
  });

  it('re-sends a held part whose size does not match', async () => {
    const oss = createFakeOss();
    const local = memoryStorage();
    const file = makeFile('clip.mp4', 3 * CHUNK, { lastModified: 7 });
    const controller = new AbortController();
    oss.setOnPart((n) => n === 2 && controller.abort());
    await expect(
      setup(oss, local).uploader.upload(file, { signal: controller.signal, mode: 'multipart' }),
    ).rejects.toThrow();
    oss.setOnPart(undefined);
    const session = [...oss.uploads.values()][0];
    const part2 = session?.parts.get(2);
    if (part2) part2.bytes = part2.bytes.slice(0, 10); // the store kept a torn part
    const before = oss.requests.length;
    await setup(oss, local).uploader.upload(file, { mode: 'multipart' });
    const resent = oss.requests
      .slice(before)
      .filter((r) => r.method === 'PUT')
      .map((r) => Number(new URL(r.url).searchParams.get('partNumber')));
    expect(resent).toEqual([2, 3]);
  });

  it('starts over when the checkpoint names an upload the store does not know', async () => {
    const oss = createFakeOss();
    const local = memoryStorage();
    const file = makeFile('clip.mp4', 6 * CHUNK, { lastModified: 9 });
    const { uploader } = setup(oss, local);
    await uploader.checkFile(file); // warms the type cache only
    const token = await oss.api(upload.tokenApp, { appId: 'community-h5', fileName: 'x', type: 'video' });
    local.setItem(
      checkpointKeyOf('community-h5', file),
      JSON.stringify({
        key: `${token.startsWith}old.mp4`,
        uploadId: 'up-gone',
        bucket: 'community-h5',
        partsTotal: 6,
        savedAt: 1,
      }),
    );
    const result = await uploader.upload(file);
    const methods = oss.requests.map((r) =>
      `${r.method} ${new URL(r.url).search.startsWith('?uploads') ? 'init' : ''}`.trim(),
    );
    expect(methods.slice(0, 2)).toEqual(['GET', 'POST init']);
    expect(partNumbers(oss)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(result.fileKey).not.toContain('old.mp4');
    expect(local.map.size).toBe(0);
  });

  it('refreshes a credential that expires mid-way once, for every part after it', async () => {
    const oss = createFakeOss();
    const { uploader } = setup(oss);
    oss.setOnPart((n) => {
      if (n === 3) oss.expireAll();
    });
    const file = makeFile('clip.mp4', 8 * CHUNK);
    const result = await uploader.upload(file);
    expect(oss.tokenCalls()).toHaveLength(2);
    // Part 4 was refused once and re-sent with the new credential; no part was skipped.
    expect(partNumbers(oss)).toEqual([1, 2, 3, 4, 4, 5, 6, 7, 8]);
    expect(oss.objects.get(result.fileKey)?.bytes.length).toBe(file.size);
  });

  it('two uploads in flight share one token refresh', async () => {
    const oss = createFakeOss();
    const { uploader } = setup(oss);
    await uploader.upload(makeFile('warm.mp4', 10)); // one token for the 'video' prefix
    oss.expireAll();
    oss.setTokenDelay(20);
    await Promise.all([
      uploader.upload(makeFile('a.mp4', 7 * CHUNK)),
      uploader.upload(makeFile('b.mp4', 7 * CHUNK)),
    ]);
    expect(oss.tokenCalls()).toHaveLength(2);
  });

  it('times out a request that does not answer within config.timeout', async () => {
    const oss = createFakeOss();
    const uploader = createUploader(baseConfig({ timeout: 50 }), {
      api: oss.api,
      transport: (request) =>
        new Promise((_resolve, reject) =>
          request.signal?.addEventListener('abort', () => reject(new Error('x'))),
        ),
      storage: { local: memoryStorage(), session: memoryStorage() },
      cookie: () => 'duToken=t',
    });
    await expect(uploader.upload(makeFile('a.mp4', 10), { mode: 'multipart' })).rejects.toMatchObject({
      code: 'timeout',
      message: '请求超时（50 毫秒）',
    });
  });

  it('sends parts of 819200 bytes (spec §9), the last one the rest', async () => {
    const oss = createFakeOss();
    const sizes: number[] = [];
    const transport: Transport = (request) => {
      if (request.method === 'PUT') sizes.push((request.body as Blob).size);
      return oss.transport(request);
    };
    const uploader = createUploader(baseConfig(), {
      api: oss.api,
      transport,
      storage: { local: memoryStorage(), session: memoryStorage() },
      cookie: () => 'duToken=t',
    });
    await uploader.upload(makeFile('clip.mp4', 2 * 819_200 + 5), { mode: 'multipart' });
    expect(sizes).toEqual([819_200, 819_200, 5]);
  });
});

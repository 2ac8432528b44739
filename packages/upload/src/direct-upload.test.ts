import { describe, expect, it } from 'vitest';
import {
  baseConfig,
  CDN_HOST,
  createFakeOss,
  JPG_BYTES,
  makeFile,
  memoryStorage,
  sameBytes,
} from './test-utils';
import type { Transport } from './transport';
import { createUploader } from './uploader';

function setup(config = baseConfig()) {
  const oss = createFakeOss();
  const uploader = createUploader(config, {
    api: oss.api,
    transport: oss.transport,
    storage: { local: memoryStorage(), session: memoryStorage() },
    cookie: () => 'a=1; duToken=session%20token',
    readImageSize: async () => ({ width: 800, height: 600 }),
  });
  return { oss, uploader };
}

describe('direct upload (PostObject)', () => {
  it('asks the gateway for a token, posts the fields in protocol order with the file last, and answers name, blob, cdn, fileKey', async () => {
    const { oss, uploader } = setup(baseConfig({ objectAcl: 'private' }));
    const file = makeFile('Photo.JPG', 2048, { head: JPG_BYTES, type: 'image/jpeg' });
    const progress: number[] = [];
    const result = await uploader.upload(file, {
      folder: 'feedback',
      onProgress: (p) => progress.push(p.percent),
    });

    const [tokenCall] = oss.tokenCalls();
    expect(tokenCall).toEqual({
      path: '/sns-oss/v1/h5/oss-platform/token/app',
      input: { appId: 'community-h5', fileName: 'Photo.JPG', type: 'image', folder: 'feedback' },
      headers: { duToken: 'session token' },
    });
    const form = oss.postForms[0] ?? [];
    expect(form.map(([name]) => name)).toEqual([
      'OSSAccessKeyId',
      'policy',
      'key',
      'success_action_status',
      'Signature',
      'x-oss-security-token',
      'Content-Type',
      'x-oss-object-acl',
      'file',
    ]);
    expect(Object.fromEntries(form.filter(([, v]) => typeof v === 'string'))).toMatchObject({
      success_action_status: '200',
      'Content-Type': 'image/jpeg',
      'x-oss-object-acl': 'private',
    });
    expect(result.fileKey).toMatch(/^community-h5\/feedback\/2026\/11\/23\/[0-9a-z]+\.jpg$/);
    expect(result).toMatchObject({ name: 'Photo.JPG', blob: file, cdn: `${CDN_HOST}/${result.fileKey}` });
    // OSS answers only the ETag: the rest of the object is what the SDK knows of the file.
    expect(result.object).toMatchObject({
      bucket: 'community-h5',
      key: result.fileKey,
      size: 2048,
      contentType: file.type || 'application/octet-stream',
      url: result.cdn,
    });
    expect(result.object.etag).toMatch(/^[0-9a-f]{32}$/);
    expect(oss.requests.at(-1)).toMatchObject({ method: 'POST', credentials: 'omit' });
    expect(await sameBytes(oss.objects.get(result.fileKey)?.bytes, file)).toBe(true);
    expect(progress.at(-1)).toBe(100);
  });

  it('leaves out Content-Type and the ACL when there are none, and reuses a fresh token', async () => {
    const { oss, uploader } = setup(baseConfig({ objectAcl: 'default' }));
    await uploader.upload(makeFile('notes.txt', 10));
    await uploader.upload(makeFile('more.txt', 10));
    expect(oss.postForms[0]?.map(([n]) => n)).toEqual([
      'OSSAccessKeyId',
      'policy',
      'key',
      'success_action_status',
      'Signature',
      'x-oss-security-token',
      'file',
    ]);
    expect(oss.tokenCalls()).toHaveLength(1);
  });

  it('refreshes an expired credential once and posts again', async () => {
    const { oss, uploader } = setup();
    await uploader.upload(makeFile('a.txt', 10));
    oss.expireAll();
    const result = await uploader.upload(makeFile('b.txt', 10));
    expect(oss.tokenCalls()).toHaveLength(2);
    expect(oss.objects.has(result.fileKey)).toBe(true);
  });

  it("turns OSS's XML error into an UploadError with its code and the code's person text", async () => {
    const { oss, uploader } = setup();
    const tampering = createUploader(baseConfig(), {
      api: async (endpoint, input, options) =>
        ({ ...((await oss.api(endpoint, input, options)) as object), signature: 'forged' }) as never,
      transport: oss.transport,
      storage: { local: memoryStorage(), session: memoryStorage() },
      cookie: () => 'duToken=x',
    });
    void uploader;
    await expect(tampering.upload(makeFile('a.txt', 10))).rejects.toMatchObject({
      name: 'UploadError',
      code: 'SignatureDoesNotMatch',
      status: 403,
      // The fake, like real OSS, sends no UserMessage: the text is @h5/core's for the code.
      message: '上传签名校验失败，请重新上传',
    });
  });

  it("shows the storage host's own UserMessage first, and OSS's Message for a code it does not know", async () => {
    const { oss } = setup();
    const answering =
      (text: string): Transport =>
      async (request) =>
        new URL(request.url).pathname.startsWith('/oss/')
          ? { status: 400, statusText: 'Bad Request', headers: { 'content-type': 'application/xml' }, text }
          : oss.transport(request);
    const uploaderWith = (text: string) =>
      createUploader(baseConfig(), {
        api: oss.api,
        transport: answering(text),
        storage: { local: memoryStorage(), session: memoryStorage() },
        cookie: () => 'duToken=x',
      });
    const own =
      '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>InvalidArgument</Code><Message>The form field OSSAccessKeyId contains a NUL.</Message><RequestId>1</RequestId><HostId>h</HostId><UserMessage>OSSAccessKeyId: 不能包含 NUL 或不成对的代理字符</UserMessage></Error>';
    await expect(uploaderWith(own).upload(makeFile('a.txt', 10))).rejects.toMatchObject({
      code: 'InvalidArgument',
      status: 400,
      message: 'OSSAccessKeyId: 不能包含 NUL 或不成对的代理字符',
    });
    const unknown =
      '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>QuotaExceeded</Code><Message>quota</Message><RequestId>1</RequestId><HostId>h</HostId></Error>';
    await expect(uploaderWith(unknown).upload(makeFile('a.txt', 10))).rejects.toMatchObject({
      code: 'QuotaExceeded',
      message: 'Bad Request',
    });
  });

  it('stops at once on an aborted signal', async () => {
    const { oss, uploader } = setup();
    const controller = new AbortController();
    controller.abort();
    await expect(uploader.upload(makeFile('a.txt', 10), { signal: controller.signal })).rejects.toMatchObject(
      {
        code: 'aborted',
      },
    );
    expect(oss.objects.size).toBe(0);
  });
});

describe('a missing cookie in the app', () => {
  it('is healed once (the native resync) and the upload goes on with the cookie it brought', async () => {
    const oss = createFakeOss();
    let cookie = 'a=1';
    let resyncs = 0;
    const uploader = createUploader(baseConfig(), {
      api: oss.api,
      transport: oss.transport,
      storage: { local: memoryStorage(), session: memoryStorage() },
      cookie: () => cookie,
      ensureCookies: async () => {
        resyncs++;
        cookie = 'a=1; duToken=healed';
        return true;
      },
      readImageSize: async () => ({ width: 800, height: 600 }),
    });
    const result = await uploader.upload(makeFile('a.jpg', 512, { head: JPG_BYTES, type: 'image/jpeg' }));
    expect(result.fileKey).toBeTruthy();
    expect(resyncs).toBe(1);
    expect(oss.tokenCalls()[0]?.headers).toEqual({ duToken: 'healed' });
  });
});

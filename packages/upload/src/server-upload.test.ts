import { describe, expect, it } from 'vitest';
import { baseConfig, createFakeOss, JPG_BYTES, makeFile, memoryStorage } from './test-utils';
import type { TransportRequest } from './transport';
import { createUploader } from './uploader';

describe('server upload (media centre)', () => {
  it('posts the form with the file last and the signed headers, and answers from the envelope', async () => {
    const oss = createFakeOss();
    const seen: TransportRequest[] = [];
    const uploader = createUploader(baseConfig(), {
      api: oss.api,
      transport: (request) => {
        seen.push(request);
        return oss.transport(request);
      },
      storage: { local: memoryStorage(), session: memoryStorage() },
    });
    const signed: unknown[] = [];
    const file = makeFile('shot.jpg', 500, { head: JPG_BYTES, type: 'image/jpeg' });
    const result = await uploader.serverUpload(file, {
      mediaCenter: 'https://h5.test/',
      accessToken: 'acc',
      backstageCode: 'bs',
      sign: (input) => {
        signed.push(input);
        return `sig-${input.timestamp}`;
      },
      isCompress: true,
      quality: 60,
    });
    const request = seen[0];
    expect(request?.url).toBe('https://h5.test/media-center/open/uploadFile');
    const timestamp = request?.headers?.timestamp ?? '';
    expect(timestamp).toMatch(/^\d{13}$/);
    expect(request?.headers).toEqual({
      accessToken: 'acc',
      backstageCode: 'bs',
      timestamp,
      signature: `sig-${timestamp}`,
    });
    expect(signed).toEqual([{ accessToken: 'acc', backstageCode: 'bs', timestamp }]);
    expect(oss.postForms[0]?.map(([name]) => name)).toEqual(['appId', 'isCompress', 'quality', 'file']);
    expect(result).toMatchObject({
      name: 'shot.jpg',
      blob: file,
      fileKey: 'media/shot.jpg',
      cdn: 'https://h5.test/cdn/media/shot.jpg',
    });
  });

  it('takes the envelope msg of a refusal', async () => {
    const uploader = createUploader(baseConfig(), {
      api: createFakeOss().api,
      transport: async () => ({
        status: 200,
        statusText: 'OK',
        headers: {},
        text: JSON.stringify({ code: 4013, msg: '服务端上传图片最大支持100MB', data: null }),
      }),
      storage: { local: memoryStorage(), session: memoryStorage() },
    });
    await expect(
      uploader.serverUpload(makeFile('a.mp4', 10), {
        mediaCenter: 'https://x',
        accessToken: 'a',
        backstageCode: 'b',
        sign: () => 's',
      }),
    ).rejects.toMatchObject({ code: 4013, message: '服务端上传图片最大支持100MB' });
  });

  // Spec §7 server upload: "Success: code or status 200 and data".
  describe('the success rule: code or status 200, and data', () => {
    const data = {
      bucket: 'community-h5',
      key: 'media/a.mp4',
      size: 10,
      etag: 'e',
      contentType: 'video/mp4',
      url: 'https://h5.test/cdn/media/a.mp4',
      width: null,
      height: null,
      name: 'a.mp4',
    };
    const answering = (body: unknown, status = 200) =>
      createUploader(baseConfig(), {
        api: createFakeOss().api,
        transport: async () => ({
          status,
          statusText: status === 200 ? 'OK' : 'Error',
          headers: {},
          text: JSON.stringify(body),
        }),
        storage: { local: memoryStorage(), session: memoryStorage() },
      }).serverUpload(makeFile('a.mp4', 10), {
        mediaCenter: 'https://x',
        accessToken: 'a',
        backstageCode: 'b',
        sign: () => 's',
      });

    it('succeeds on code 200 with data', async () => {
      await expect(answering({ code: 200, msg: 'ok', data })).resolves.toMatchObject({
        fileKey: 'media/a.mp4',
      });
    });

    it('succeeds on status 200 with data, without a code', async () => {
      await expect(answering({ status: 200, message: 'ok', data })).resolves.toMatchObject({
        cdn: 'https://h5.test/cdn/media/a.mp4',
      });
    });

    it('fails on code 200 without data, with the fallback text', async () => {
      await expect(answering({ code: 200, msg: 'ok', data: null })).rejects.toMatchObject({
        message: '加载失败，请重试',
      });
      await expect(answering({ status: 200 })).rejects.toMatchObject({
        message: '加载失败，请重试',
      });
    });

    it('fails on a status other than 200 in the body, with its message', async () => {
      await expect(answering({ status: 500, message: '媒体中心繁忙', data })).rejects.toMatchObject({
        code: 500,
        message: '媒体中心繁忙',
      });
    });
  });
});

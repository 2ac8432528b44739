import { UPLOAD_MESSAGES } from '@h5/core';
import { afterEach, describe, expect, it } from 'vitest';
import type { UploadConfig } from './config';
import { baseConfig, createFakeOss, JPG_BYTES, makeFile, memoryStorage } from './test-utils';
import { createUploader, getUploader, initUpload, resetUploader, type UploadOptions } from './uploader';

/** A file-like of any size without allocating it: only its first bytes are ever read by the checks. */
const hugeFile = (name: string, size: number, head: number[] = JPG_BYTES) =>
  ({
    name,
    size,
    type: '',
    lastModified: 1,
    slice: () => new Blob([new Uint8Array(head)]),
  }) as unknown as File;

function setup(config: Partial<UploadConfig> = {}, dims: { width: number; height: number } | null = null) {
  const oss = createFakeOss();
  const uploader = createUploader(baseConfig(config), {
    api: oss.api,
    transport: oss.transport,
    storage: { local: memoryStorage(), session: memoryStorage() },
    cookie: () => 'duToken=session-token',
    readImageSize: async () => dims,
  });
  return { oss, uploader };
}

const check = (
  file: File,
  options: UploadOptions = {},
  config: Partial<UploadConfig> = {},
  dims = null as { width: number; height: number } | null,
) => {
  const { oss, uploader } = setup(config, dims);
  return { oss, run: () => uploader.upload(file, options) };
};

const jpg = (name = 'photo.jpg', size = 64) => makeFile(name, size, { head: JPG_BYTES, type: 'image/jpeg' });

type Case = {
  key: keyof typeof UPLOAD_MESSAGES;
  message: string;
  run: () => Promise<unknown>;
  networkFree?: ReturnType<typeof createFakeOss>;
};

/** One scenario per message of the catalogue: the exact spec text is what the caller sees. */
function cases(): Case[] {
  const c = (
    key: Case['key'],
    message: string,
    built: { oss?: ReturnType<typeof createFakeOss>; run: () => Promise<unknown> },
  ): Case => ({
    key,
    message,
    run: built.run,
    ...(built.oss ? { networkFree: built.oss } : {}),
  });
  const gateway = (config: Partial<UploadConfig>, cookie = 'duToken=session-token') => {
    const oss = createFakeOss();
    const uploader = createUploader(baseConfig(config), {
      api: oss.api,
      transport: oss.transport,
      storage: { local: memoryStorage(), session: memoryStorage() },
      cookie: () => cookie,
      readImageSize: async () => null,
    });
    return { run: () => uploader.upload(jpg()) };
  };
  return [
    c('suffixRequired', '文件名后缀必传', check(makeFile('README', 10))),
    c(
      'strictPictureType',
      '图片类型仅支持以下格式：【 .jpg .png .gif .webp 】',
      check(makeFile('fake.jpg', 64, { head: [0x4d, 0x5a] }), {}, { strictPictureApp: true }),
    ),
    c(
      'unsupportedSuffix',
      '不支持以下格式：【 .exe .bat 】',
      check(makeFile('setup.EXE', 10), {}, { noSupportSuffix: ['exe', '.BAT'] }),
    ),
    c(
      'clientImageTooLarge',
      '图片质量最大支持5MB，请压缩后重新上传',
      check(hugeFile('big.jpg', 5 * (1024 * 1024) + 1), { maxSizeMB: 5 }),
    ),
    c(
      'serverImageTooLarge',
      '服务端上传图片最大支持100MB',
      (() => {
        const { oss, uploader } = setup();
        return {
          oss,
          run: () =>
            uploader.serverUpload(hugeFile('big.mp4', 100 * (1024 * 1024) + 1), {
              accessToken: 'a',
              backstageCode: 'b',
              sign: () => 's',
              mediaCenter: 'https://h5.test',
            }),
        };
      })(),
    ),
    c('limitsTogether', '限宽和限高必须同时定义', check(jpg(), { maxWidth: 100 })),
    c(
      'limitedSideTooLarge',
      '图片单边最大支持30000像素',
      check(jpg(), { maxWidth: 40_000, maxHeight: 40_000 }, {}, { width: 30_000, height: 10 }),
    ),
    c('sideTooLarge', '图片支持最大宽度/高度16384像素', check(jpg(), {}, {}, { width: 16_384, height: 10 })),
    c('pixelsTooMany', '图片总像素不能超过16777216', check(jpg(), {}, {}, { width: 4096, height: 4096 })),
    c('authGatewayBackstageCode', 'Auth网关必传参数：【backstageCode】', gateway({ gateway: 'auth' })),
    c('cookieEmpty', 'Cookie值为空，请检查后重新上传', gateway({}, 'other=1')),
    c(
      'cookieEmpty',
      'Cookie值为空，请检查后重新上传',
      (() => {
        // A resync that does not bring the cookie back still ends in the spec's message.
        const oss = createFakeOss();
        const uploader = createUploader(baseConfig({}), {
          api: oss.api,
          transport: oss.transport,
          storage: { local: memoryStorage(), session: memoryStorage() },
          cookie: () => 'other=1',
          ensureCookies: async () => true,
          readImageSize: async () => null,
        });
        return { run: () => uploader.upload(jpg()) };
      })(),
    ),
    c('tokenEndpointNotFound', '没有找到合适的Token接口，请联系管理员', gateway({ gateway: 'v9' as never })),
    c('monitorRequired', '务必设置监控参数 monitorName | monitorEnv | monitorUser', {
      run: async () => initUpload({ ...baseConfig(), monitorUser: '' }, { api: createFakeOss().api }),
    }),
    c('sdkNotInitialised', '应用未初始化上传SDK', { run: async () => getUploader() }),
    c(
      'fileRequired',
      '请传入文件',
      (() => {
        const { uploader } = setup();
        return { run: () => uploader.upload(undefined as unknown as File) };
      })(),
    ),
    c(
      'configNotInitialised',
      'SDK配置未初始化',
      (() => {
        const { uploader } = setup({ appId: '' });
        return { run: () => uploader.checkFile(jpg()) };
      })(),
    ),
    c(
      'gatewayParams',
      '网关必传参数：【gatewayKey】以及【cookieKey】或【gatewayValue】',
      gateway({ gatewayKey: undefined }),
    ),
    c(
      'appGatewayHeader',
      'App网关仅支持以下请求头：【x-auth-token】或【duToken】',
      gateway({ gatewayKey: 'Authorization' }),
    ),
    c(
      'openGatewayObject',
      'Open网关必传参数：【openObject】（clientId、sysCode、channel）',
      gateway({ gateway: 'open', openObject: { clientId: 'c', sysCode: '', channel: 'h5' } }),
    ),
    c(
      'customGatewayToken',
      '自定义网关必传请求头：【duToken】',
      gateway({ gateway: 'customize', gatewayKey: 'x-auth-token' }),
    ),
  ];
}

describe('every upload message', () => {
  afterEach(() => resetUploader());

  it('has a scenario for each entry of UPLOAD_MESSAGES', () => {
    expect(new Set(cases().map((c) => c.key))).toEqual(new Set(Object.keys(UPLOAD_MESSAGES)));
  });

  it.each(cases().map((c) => [c.key, c] as const))('%s', async (_key, scenario) => {
    resetUploader();
    await expect(scenario.run()).rejects.toMatchObject({ name: 'UploadError', message: scenario.message });
    // File checks refuse before any network call (spec §5 order: checks, then token, then upload).
    if (scenario.networkFree) {
      expect(scenario.networkFree.requests).toEqual([]);
      expect(scenario.networkFree.apiCalls).toEqual([]);
    }
  });
});

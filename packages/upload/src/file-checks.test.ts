import { describe, expect, it } from 'vitest';
import { pictureFormatOf } from './content-signature';
import { assertDimensions, splitName } from './file-checks';
import { baseConfig, createFakeOss, JPG_BYTES, makeFile, memoryStorage, PNG_BYTES } from './test-utils';
import { createUploader } from './uploader';

/** One MB as spec §5's size messages count it. */
const MB = 1024 * 1024;

const ascii = (s: string) => Array.from(s, (c) => c.charCodeAt(0));

function uploaderWith(
  config = baseConfig(),
  dims: { width: number; height: number } | null = { width: 640, height: 480 },
) {
  const oss = createFakeOss();
  return {
    oss,
    uploader: createUploader(config, {
      api: oss.api,
      transport: oss.transport,
      storage: { local: memoryStorage(), session: memoryStorage() },
      cookie: () => 'duToken=t',
      readImageSize: async () => dims,
    }),
  };
}

describe('content signature', () => {
  it.each([
    ['jpg', JPG_BYTES],
    ['png', PNG_BYTES],
    ['gif', ascii('GIF87a')],
    ['gif', ascii('GIF89a')],
    ['webp', [...ascii('RIFF'), 1, 2, 3, 4, ...ascii('WEBP')]],
  ])('recognises %s', (format, bytes) => {
    expect(pictureFormatOf(new Uint8Array(bytes))).toBe(format);
  });

  it.each([
    ['an exe', [0x4d, 0x5a, 0x90, 0]],
    ['a RIFF that is not WEBP', [...ascii('RIFF'), 1, 2, 3, 4, ...ascii('WAVE')]],
    ['a truncated png', PNG_BYTES.slice(0, 5)],
    ['GIF88a', ascii('GIF88a')],
    ['empty', []],
  ])('refuses %s', (_name, bytes) => {
    expect(pictureFormatOf(new Uint8Array(bytes))).toBeNull();
  });

  it('refuses a disguised .jpg in strict mode and accepts a real picture whatever its name', async () => {
    const { uploader } = uploaderWith(baseConfig({ strictPictureApp: true }));
    await expect(
      uploader.checkFile(makeFile('cat.jpg', 100, { head: ascii('<html>'), type: 'image/jpeg' })),
    ).rejects.toThrow('图片类型仅支持以下格式：【 .jpg .png .gif .webp 】');
    await expect(uploader.checkFile(makeFile('cat.jpeg', 100, { head: PNG_BYTES }))).resolves.toMatchObject({
      suffix: 'jpeg',
    });
    await expect(uploader.checkFile(makeFile('doc.pdf', 100))).rejects.toThrow('图片类型仅支持');
  });
});

describe('processed file info', () => {
  it('names, lower-case suffix, size in MB with 2 decimals, dimensions and the enum type', async () => {
    const { uploader } = uploaderWith();
    const info = await uploader.checkFile(
      makeFile('My.Holiday.PNG', Math.round(1.234 * MB), { head: PNG_BYTES }),
    );
    expect(info).toEqual({
      fullName: 'My.Holiday.PNG',
      prefix: 'My.Holiday',
      suffix: 'png',
      width: 640,
      height: 480,
      size: 1.23,
      type: 'image',
    });
  });

  it("types an unknown suffix 'file' and gives non-images no dimensions", async () => {
    const { uploader } = uploaderWith();
    expect(await uploader.checkFile(makeFile('data.xyz', 10))).toMatchObject({
      type: 'file',
      width: null,
      height: null,
    });
    expect(await uploader.checkFile(makeFile('clip.MP4', 10))).toMatchObject({
      type: 'video',
      suffix: 'mp4',
    });
  });

  it('splits names without a real suffix', () => {
    expect(splitName('README').suffix).toBe('');
    expect(splitName('.bashrc').suffix).toBe('');
    expect(splitName('trailing.').suffix).toBe('');
    expect(splitName('a.tar.GZ')).toEqual({ fullName: 'a.tar.GZ', prefix: 'a.tar', suffix: 'gz' });
  });
});

describe('size and dimension limits', () => {
  it('lets the caller lower the 20 MB image limit but never raise it', async () => {
    const { uploader } = uploaderWith();
    const at20 = {
      name: 'a.jpg',
      size: 20 * MB,
      type: '',
      slice: () => new Blob([new Uint8Array(JPG_BYTES)]),
    };
    const over20 = { ...at20, size: 20 * MB + 1 };
    await expect(uploader.checkFile(at20 as unknown as File)).resolves.toBeTruthy();
    await expect(uploader.checkFile(over20 as unknown as File, { maxSizeMB: 50 })).rejects.toThrow(
      '图片质量最大支持20MB',
    );
    await expect(uploader.checkFile(at20 as unknown as File, { maxSizeMB: 2 })).rejects.toThrow(
      '图片质量最大支持2MB',
    );
    // Non-images have no client size limit (the policy's content-length-range bounds them).
    await expect(uploader.checkFile({ ...over20, name: 'a.mp4' } as unknown as File)).resolves.toBeTruthy();
  });

  it.each([
    // without limits: each side under 16384, pixels under 16777216
    [16_383, 1000, {}, null],
    [16_384, 10, {}, '图片支持最大宽度/高度16384像素'],
    [10, 16_384, {}, '图片支持最大宽度/高度16384像素'],
    [4095, 4096, {}, null],
    [4096, 4096, {}, '图片总像素不能超过16777216'],
    // with limits: each side within the limit, under 30000, pixels under 250000000
    [1000, 800, { maxWidth: 1000, maxHeight: 800 }, null],
    [1001, 800, { maxWidth: 1000, maxHeight: 800 }, '图片支持最大宽度/高度1000像素'],
    [1000, 801, { maxWidth: 1000, maxHeight: 800 }, '图片支持最大宽度/高度800像素'],
    [20_000, 12_000, { maxWidth: 40_000, maxHeight: 40_000 }, null],
    [29_999, 8000, { maxWidth: 40_000, maxHeight: 40_000 }, null],
    [30_000, 100, { maxWidth: 40_000, maxHeight: 40_000 }, '图片单边最大支持30000像素'],
    [25_000, 10_000, { maxWidth: 40_000, maxHeight: 40_000 }, '图片总像素不能超过250000000'],
  ] as const)('%i × %i with %o → %s', (width, height, limits, message) => {
    const run = () => assertDimensions(width, height, limits);
    if (message) expect(run).toThrow(message);
    else expect(run).not.toThrow();
  });

  it('reads dimensions only after the cheaper checks pass, and not for other files', async () => {
    let reads = 0;
    const oss = createFakeOss();
    const uploader = createUploader(baseConfig(), {
      api: oss.api,
      transport: oss.transport,
      storage: { session: memoryStorage(), local: memoryStorage() },
      readImageSize: async () => {
        reads++;
        return { width: 1, height: 1 };
      },
    });
    await expect(
      uploader.checkFile(makeFile('a.jpg', 10, { head: JPG_BYTES }), { maxWidth: 5 }),
    ).rejects.toThrow();
    await uploader.checkFile(makeFile('a.txt', 10));
    expect(reads).toBe(0);
    await uploader.checkFile(makeFile('a.jpg', 10, { head: JPG_BYTES }));
    expect(reads).toBe(1);
  });
});

import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { reviewProblem } from './ai-review';

// The review's edges that need no block list (docs/api.md "520 AI image": sides 256–8192 px, at
// most 10 MB, a picture that decodes); the block list and the codes are in ai-image.test.ts.
const noDb = {} as Db;
/** A block list with nothing on it (the query chain drizzle runs, answering no rows). */
const emptyBlockList = { select: () => ({ from: () => ({ where: async () => [] }) }) } as unknown as Db;
const noisy = (width: number, height: number) =>
  sharp(Buffer.from(Array.from({ length: width * height * 3 }, (_, i) => (i * 7919) % 251)), {
    raw: { width, height, channels: 3 },
  });

describe('the AI image review, by size and readability', () => {
  it('refuses a side over 8192 px and takes 8192', async () => {
    expect(await reviewProblem(noDb, await noisy(8193, 256).png().toBuffer())).toBe(
      '图片太大，宽和高都需不超过 8192 像素',
    );
    expect(await reviewProblem(emptyBlockList, await noisy(256, 8192).png().toBuffer())).toBeNull();
  });

  it('refuses a file over 10 MB before decoding it', async () => {
    expect(await reviewProblem(noDb, Buffer.alloc(10 * 1024 * 1024 + 1))).toBe('图片文件超过 10 MB');
  });

  it('refuses bytes that are no picture, and a picture cut short', async () => {
    expect(await reviewProblem(noDb, Buffer.from('not a picture at all'))).toBe('图片无法解码');
    const jpeg = await noisy(400, 400).jpeg().toBuffer();
    expect(await reviewProblem(noDb, jpeg.subarray(0, 200))).toBe('图片无法解码');
  });
});

import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { imageTransformer } from './image-process';

const photo = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 90, b: 40 } } })
    .composite([
      {
        input: Buffer.alloc(64 * 48 * 3, 0x5a),
        raw: { width: 64, height: 48, channels: 3 },
        blend: 'overlay',
      },
    ])
    .png()
    .toBuffer();

const encode = async (process: Parameters<typeof imageTransformer>[0]) =>
  sharp(await photo())
    .pipe(imageTransformer(process, 'png'))
    .toBuffer();

describe('imageTransformer', () => {
  it('encodes lossy output without a quality at the CDN quality of spec §9 (q_75)', async () => {
    const none = await encode({ format: 'jpeg' });
    expect(none.equals(await encode({ format: 'jpeg', quality: 75 }))).toBe(true);
    expect(none.equals(await encode({ format: 'jpeg', quality: 80 }))).toBe(false);
    const webp = await encode({ format: 'webp' });
    expect(webp.equals(await encode({ format: 'webp', quality: 75 }))).toBe(true);
  });
});

import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { fromZodError } from '../../plugins/errors';
import { cachedFile } from './cdn-cache';
import { contentTypeOf, imageTransformer, parseImageProcess } from './image-process';
import { renderSeedArt, seedArtRequest } from './seed-art';

/** The seed's content photos: raster twins of the seed art, processed like any CDN image. */
export const SEED_PHOTO_PATH = '/cdn/seed/:name.jpg';
const CACHE = 'public, max-age=31536000, immutable';
/** Film grain strength (alpha of the noise layer, 0–255): photo-like bytes, not flat colour. */
const GRAIN_ALPHA = 22;

const seedPhotoRequest = seedArtRequest.extend({ 'x-oss-process': z.string().max(200).optional() });

/** Deterministic grain for a name: the same photo every time, on every machine. */
function grain(name: string, width: number, height: number): Buffer {
  const pixels = Buffer.alloc(width * height * 4);
  let state = createHash('sha256').update(name).digest().readUInt32LE(0) || 1;
  for (let i = 0; i < pixels.length; i += 4) {
    // xorshift32: fast and good enough for texture.
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    const v = state & 0xff;
    pixels[i] = v;
    pixels[i + 1] = v;
    pixels[i + 2] = v;
    pixels[i + 3] = GRAIN_ALPHA;
  }
  return pixels;
}

/** The JPEG of a seed photo: the art rasterised with grain, at the size it was seeded with. */
export async function renderSeedPhoto(name: string, width: number, height: number): Promise<Buffer> {
  return sharp(Buffer.from(renderSeedArt(name, width, height)))
    .composite([{ input: grain(name, width, height), raw: { width, height, channels: 4 } }])
    .jpeg({ quality: 85, mozjpeg: true })
    .toBuffer();
}

/**
 * GET /cdn/seed/{name}.jpg?w=&h=[&x-oss-process=…]: seeded content photos as real raster images,
 * so pages and the Lighthouse figure load photo-weight bytes; processed (resize, quality, webp)
 * by the CDN's own transformer and cached under DATA_DIR/cdn-cache/seed.
 */
export function registerSeedPhotos(app: FastifyInstance, deps: AppDeps): void {
  const cacheDir = join(resolve(deps.env.DATA_DIR), 'cdn-cache', 'seed');
  app.get(SEED_PHOTO_PATH, async (request, reply) => {
    const parsed = seedPhotoRequest.safeParse({
      ...(request.query as object),
      ...(request.params as object),
    });
    if (!parsed.success) return reply.code(400).send({ message: fromZodError(parsed.error).message });
    const { name, w, h, 'x-oss-process': value } = parsed.data;
    const process = value ? parseImageProcess(value) : null;
    if (value && !process) return reply.code(400).send({ message: `Unsupported x-oss-process: ${value}` });
    const id = createHash('sha256')
      .update(`${name}\n${w}\n${h}\n${value ?? ''}`)
      .digest('hex');
    const path = await cachedFile(join(cacheDir, id.slice(0, 2), id), async (temp) => {
      const photo = await renderSeedPhoto(name, w, h);
      await writeFile(
        temp,
        process ? await sharp(photo).pipe(imageTransformer(process, 'jpeg')).toBuffer() : photo,
      );
    });
    return reply
      .header('cache-control', CACHE)
      .type(contentTypeOf(process?.format ?? 'jpeg'))
      .header('content-length', (await stat(path)).size)
      .send(createReadStream(path));
  });
}

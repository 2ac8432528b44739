import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { imageProcessValue, PAGE_IMAGE_WIDTHS } from '@h5/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { z } from 'zod';
import { seedPhotoSizes } from '../../db/seed/generate';
import type { AppDeps } from '../../deps';
import { cachedFile } from './cdn-cache';
import { contentTypeOf, imageTransformer, parseImageProcess } from './image-process';
import type { RenderGate } from './render-gate';
import { renderSeedArt } from './seed-art';
import { invalidArgument, noSuchKey } from './storage-error';

/** The seed's content photos: raster twins of the seed art, processed like any CDN image. */
export const SEED_PHOTO_PATH = '/cdn/seed/:name.jpg';
const CACHE = 'public, max-age=31536000, immutable';
/** Film grain strength (alpha of the noise layer, 0–255): photo-like bytes, not flat colour. */
const GRAIN_ALPHA = 22;

/**
 * The x-oss-process values a page sends for a seeded photo: core's own value for each width the
 * pages use, and without a width, each also as a low device asks for it (a smaller listed width,
 * q_50). Nothing else is rendered (each variant costs a render).
 */
const PAGE_PROCESSES: ReadonlySet<string> = new Set(
  [undefined, ...PAGE_IMAGE_WIDTHS].flatMap((width) => [
    imageProcessValue(width),
    imageProcessValue(width, true),
  ]),
);

const seedPhotoRequest = z.object({
  name: z.string().regex(/^[\w-]{1,64}$/),
  w: z.coerce.number().int().min(1).max(4096).optional(),
  h: z.coerce.number().int().min(1).max(4096).optional(),
  'x-oss-process': z.string().max(200).optional(),
});

let seeded: Map<string, { width: number; height: number }> | undefined;
/** The size a photo was seeded with; undefined for a name the seed never used. */
export const seededSize = (name: string) => {
  seeded ??= seedPhotoSizes();
  return seeded.get(name);
};

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

/** Seed photos rendered by this process (a cache hit or a refusal does not count): for tests. */
export const seedPhotoRenders = { count: 0 };

/** The JPEG of a seed photo: the art rasterised with grain, at the size it was seeded with. */
export async function renderSeedPhoto(name: string, width: number, height: number): Promise<Buffer> {
  seedPhotoRenders.count++;
  return sharp(Buffer.from(renderSeedArt(name, width, height)))
    .composite([{ input: grain(name, width, height), raw: { width, height, channels: 4 } }])
    .jpeg({ quality: 85, mozjpeg: true })
    .toBuffer();
}

/**
 * GET /cdn/seed/{name}.jpg?w=&h=[&x-oss-process=…]: seeded content photos as real raster images,
 * so pages and the Lighthouse figure load photo-weight bytes; processed (resize, quality, webp)
 * by the CDN's own transformer and cached under DATA_DIR/cdn-cache/seed. Only the photos the seed
 * made, at their seeded size and the pages' widths, are rendered (anything else is a quick 404 /
 * 400), through the CDN's render gate.
 */
export function seedPhotoHandler(deps: AppDeps, gate: RenderGate) {
  const cacheDir = join(resolve(deps.env.DATA_DIR), 'cdn-cache', 'seed');
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const parsed = seedPhotoRequest.safeParse({
      ...(request.query as object),
      ...(request.params as object),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw invalidArgument(`${issue?.path.join('.')}: ${issue?.message}`);
    }
    const { name, w, h, 'x-oss-process': value } = parsed.data;
    const size = seededSize(name);
    if (!size) throw noSuchKey();
    if (w !== size.width || h !== size.height)
      throw invalidArgument(`w and h must be the seeded size of ${name}: ${size.width}×${size.height}.`);
    if (value !== undefined && !PAGE_PROCESSES.has(value))
      throw invalidArgument(`Unsupported x-oss-process: ${value}`);
    const process = value ? parseImageProcess(value) : null;
    const id = createHash('sha256')
      .update(`${name}\n${w}\n${h}\n${value ?? ''}`)
      .digest('hex');
    const path = await cachedFile(join(cacheDir, id.slice(0, 2), id), (temp) =>
      gate.run(async () => {
        const photo = await renderSeedPhoto(name, size.width, size.height);
        await writeFile(
          temp,
          process ? await sharp(photo).pipe(imageTransformer(process, 'jpeg')).toBuffer() : photo,
        );
      }),
    );
    return reply
      .header('cache-control', CACHE)
      .type(contentTypeOf(process?.format ?? 'jpeg'))
      .header('content-length', (await stat(path)).size)
      .send(createReadStream(path));
  };
}

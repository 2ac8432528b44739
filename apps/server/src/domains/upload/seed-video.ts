import { execFile } from 'node:child_process';
import { stat, unlink, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { seedVideoCovers } from '../../db/seed/generate';
import type { AppDeps } from '../../deps';
import { sendFileRange } from '../../plugins/byte-range';
import { cachedFile } from './cdn-cache';
import type { RenderGate } from './render-gate';
import { renderSeedPhoto, seededSize } from './seed-photo';
import { noSuchKey } from './storage-error';

const run = promisify(execFile);

/** The seeded videos' clips: `/cdn/seed/video-<content id>.webm`. */
export const SEED_VIDEO_PATH = '/cdn/seed/video-:id.webm';
const CACHE = 'public, max-age=31536000, immutable';
/** Frame rate; the length is the content's seeded duration (a few seconds: made on the first request). */
const FPS = 24;
/** Clip width; the height follows the cover's shape (even, as VP8 wants). */
const WIDTH = 480;

let covers: Map<number, { cover: string; seconds: number }> | undefined;

/**
 * Makes a clip from the content's cover photo with the ffmpeg binary of `@ffmpeg-installer`: a
 * slow zoom into the photo, VP8 in WebM (every Chromium plays it; H.264 is not in all builds).
 */
async function makeClip(coverName: string, seconds: number, out: string): Promise<void> {
  const size = seededSize(coverName);
  if (!size) throw noSuchKey();
  const height = Math.round((WIDTH * size.height) / size.width / 2) * 2;
  const input = `${out}.jpg`;
  await writeFile(input, await renderSeedPhoto(coverName, size.width, size.height));
  try {
    const frames = seconds * FPS;
    const zoom = `zoompan=z='min(zoom+0.0025,1.25)':x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)':d=${frames}:s=${WIDTH}x${height}:fps=${FPS}`;
    await run(
      ffmpeg.path,
      ['-hide_banner', '-loglevel', 'error', '-y', '-i', input, '-vf', zoom, '-frames:v', String(frames)]
        .concat(['-c:v', 'libvpx', '-b:v', '500k', '-deadline', 'realtime', '-cpu-used', '8', '-an'])
        .concat(['-f', 'webm', out]),
      { timeout: 60_000 },
    );
  } finally {
    await unlink(input).catch(() => undefined);
  }
}

/**
 * GET /cdn/seed/video-{id}.webm: a seeded video content's clip, made from its cover on the first
 * request (through the CDN's render gate) and cached under DATA_DIR/cdn-cache/seed-video, served
 * with byte ranges (players seek and start with `Range`). Only seeded video contents have one.
 */
export function seedVideoHandler(deps: AppDeps, gate: RenderGate) {
  const cacheDir = join(resolve(deps.env.DATA_DIR), 'cdn-cache', 'seed-video');
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const id = z.coerce
      .number()
      .int()
      .positive()
      .safeParse((request.params as { id: string }).id);
    covers ??= seedVideoCovers();
    const cover = id.success ? covers.get(id.data) : undefined;
    if (!id.success || !cover) throw noSuchKey();
    const path = await cachedFile(join(cacheDir, `${id.data}.webm`), (temp) =>
      gate.run(() => makeClip(cover.cover, cover.seconds, temp)),
    );
    reply.header('cache-control', CACHE);
    return sendFileRange(request, reply, path, (await stat(path)).size, 'video/webm');
  };
}

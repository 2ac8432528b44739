import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { PUBLISH_CODES, PUBLISH_LIMITS } from '@h5/contract';
import type { AppDeps } from '../../deps';
import { AppError } from '../../plugins/errors';
import { VIDEO_TYPES } from '../upload/content-sniff';
import { objectUrls, ownedObjects, readObject } from '../upload/external-objects';
import { recordObject } from '../upload/objects';
import { PUBLISH_MESSAGES } from './messages';

const run = promisify(execFile);
const MB = 1024 * 1024;

const seconds = (h: string, m: string, s: string) => Number(h) * 3600 + Number(m) * 60 + Number(s);

/**
 * A video's length in seconds from ffmpeg's report of copying it: the header's `Duration:`, or,
 * where the file has none (a streamed WebM, what browsers record), the last `time=` of the copy.
 */
export function durationOf(report: string): number | null {
  const header = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(report);
  if (header) return seconds(header[1] as string, header[2] as string, header[3] as string);
  const times = [...report.matchAll(/time=(\d+):(\d{2}):(\d{2}(?:\.\d+)?)/g)].at(-1);
  return times ? seconds(times[1] as string, times[2] as string, times[3] as string) : null;
}

/**
 * A published video (issue 32 point 1): an object the caller uploaded whose bytes are a video,
 * within the size and length limits, and a cover frame ffmpeg takes from it, stored beside it
 * (`<key>.cover.jpg`) as an image object of the caller's.
 */
export async function publishedVideo(
  deps: Pick<AppDeps, 'db' | 'env' | 'store'>,
  userId: number,
  key: string,
) {
  const [row] = await ownedObjects(deps, userId, [key]);
  if (!row || !VIDEO_TYPES.has(row.contentType))
    throw new AppError(PUBLISH_CODES.mediaNotOwned, PUBLISH_MESSAGES.videoNotOwned);
  if (row.size > PUBLISH_LIMITS.videoBytesMax)
    throw new AppError(
      PUBLISH_CODES.videoRejected,
      PUBLISH_MESSAGES.videoTooBig(PUBLISH_LIMITS.videoBytesMax / MB),
    );
  const bytes = await readObject(deps, row);
  if (!bytes) throw new AppError(PUBLISH_CODES.mediaNotOwned, PUBLISH_MESSAGES.videoNotOwned);
  const dir = await mkdtemp(join(tmpdir(), 'publish-video-'));
  try {
    const input = join(dir, 'in');
    await writeFile(input, bytes);
    // Copying the video stream to nowhere reads the whole file without decoding it; the report
    // (stderr) says how long it is.
    const probe = await run(
      ffmpeg.path,
      ['-hide_banner', '-i', input, '-map', '0:v:0', '-c', 'copy', '-f', 'null', '-'],
      {
        timeout: 30_000,
      },
    ).catch((error: { stderr?: string }) => ({ stderr: error.stderr ?? '' }));
    const length = durationOf(probe.stderr);
    if (length === null) throw new AppError(PUBLISH_CODES.videoRejected, PUBLISH_MESSAGES.videoUnreadable);
    if (length > PUBLISH_LIMITS.videoSecondsMax)
      throw new AppError(
        PUBLISH_CODES.videoRejected,
        PUBLISH_MESSAGES.videoTooLong(PUBLISH_LIMITS.videoSecondsMax),
      );
    const frame = await run(
      ffmpeg.path,
      ['-hide_banner', '-loglevel', 'error', '-ss', String(Math.min(0.5, length / 2)), '-i', input].concat([
        '-frames:v',
        '1',
        '-f',
        'image2',
        '-c:v',
        'mjpeg',
        'pipe:1',
      ]),
      { timeout: 30_000, encoding: 'buffer', maxBuffer: 20 * MB },
    ).catch(() => null);
    if (!frame || frame.stdout.length === 0)
      throw new AppError(PUBLISH_CODES.videoRejected, PUBLISH_MESSAGES.videoUnreadable);
    const coverKey = `${key}.cover.jpg`;
    const info = await deps.store.put(row.bucket, coverKey, Readable.from(frame.stdout), {
      contentType: 'image/jpeg',
    });
    const cover = await recordObject(
      deps.db,
      deps.store,
      {
        bucket: row.bucket,
        key: coverKey,
        contentType: 'image/jpeg',
        acl: row.acl,
        appId: row.appId,
        userId,
      },
      info,
    );
    const urlOf = await objectUrls(deps, [key, coverKey]);
    return {
      videoUrl: urlOf(key),
      videoDuration: Math.max(1, Math.round(length)),
      coverUrl: urlOf(coverKey),
      coverWidth: cover.width,
      coverHeight: cover.height,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

import { createHash } from 'node:crypto';
import { IMAGE_QUALITY } from '@h5/core';
import sharp from 'sharp';

/** What `x-oss-process=image/resize,w_N/quality,q_N/format,F` asks for. */
export interface ImageProcess {
  width?: number;
  height?: number;
  quality?: number;
  format?: 'webp' | 'jpeg' | 'png';
}

const FORMATS: Record<string, ImageProcess['format']> = {
  webp: 'webp',
  jpg: 'jpeg',
  jpeg: 'jpeg',
  png: 'png',
};
/** The largest resize box side a process may ask for (a variant per size is cached: keep them few). */
const MAX_SIDE = 4096;
/** Images over this many pixels are not decoded (a small file can claim a huge canvas). */
const MAX_INPUT_PIXELS = 64 * 1024 * 1024;

/** Parses an x-oss-process value; null when it is not an image process we can run. */
export function parseImageProcess(value: string): ImageProcess | null {
  const [kind, ...actions] = value.split('/');
  if (kind !== 'image' || actions.length === 0) return null;
  const process: ImageProcess = {};
  for (const action of actions) {
    const [name, ...params] = action.split(',');
    for (const param of params) {
      const [p, raw = ''] = param.split('_');
      const n = Number(raw);
      if (name === 'resize' && (p === 'w' || p === 'h') && Number.isInteger(n) && n >= 1 && n <= MAX_SIDE) {
        process[p === 'w' ? 'width' : 'height'] = n;
      } else if (name === 'resize' && p === 'm') {
        // Mode (lfit, the default): resize keeps the aspect ratio either way.
      } else if (
        name === 'quality' &&
        (p === 'q' || p === 'Q') &&
        Number.isInteger(n) &&
        n >= 1 &&
        n <= 100
      ) {
        process.quality = n;
      } else if (name === 'format' && FORMATS[param]) {
        process.format = FORMATS[param];
      } else {
        return null;
      }
    }
  }
  return process;
}

/** A stable id of a process, part of the cache key and of the derived ETag. */
export const processId = (value: string): string =>
  createHash('sha256').update(value).digest('hex').slice(0, 16);

/** The content type an output format has. */
export const contentTypeOf = (format: NonNullable<ImageProcess['format']>): string => `image/${format}`;

/** A sharp pipeline for a process: fit inside the box, never enlarge, re-encode. */
export function imageTransformer(process: ImageProcess, sourceFormat: NonNullable<ImageProcess['format']>) {
  let pipeline = sharp({ failOn: 'none', limitInputPixels: MAX_INPUT_PIXELS }).rotate();
  if (process.width || process.height) {
    pipeline = pipeline.resize({
      width: process.width,
      height: process.height,
      fit: 'inside',
      withoutEnlargement: true,
    });
  }
  const format = process.format ?? sourceFormat;
  if (format === 'png') return pipeline.png({ quality: process.quality });
  // Lossy output without `quality,q_N` gets the CDN's quality of spec §9, not the encoder's own.
  const quality = process.quality ?? IMAGE_QUALITY;
  if (format === 'webp') return pipeline.webp({ quality });
  return pipeline.jpeg({ quality, mozjpeg: true });
}

/** The output format for a stored content type (processing keeps it unless told otherwise). */
export function sourceFormatOf(contentType: string): NonNullable<ImageProcess['format']> | null {
  if (contentType === 'image/jpeg' || contentType === 'image/jpg') return 'jpeg';
  if (contentType === 'image/png') return 'png';
  if (contentType === 'image/webp') return 'webp';
  if (['image/heic', 'image/heif', 'image/bmp', 'image/avif', 'image/tiff'].includes(contentType))
    return 'jpeg';
  return null;
}

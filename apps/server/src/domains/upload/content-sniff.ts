import { Readable } from 'node:stream';

/**
 * What an upload is, decided from its first bytes (issue 11 point 7): never from a file name or a
 * client's Content-Type, which an attacker chooses. Only the raster images and videos below are
 * served inline from /cdn/; everything else is stored as {@link OPAQUE_TYPE} and served as an
 * attachment, so no upload runs as a page on the site's origin (SVG included: it is a document).
 */

/** Bytes read from the start of an upload to decide its type. */
export const SNIFF_BYTES = 256;

/** The stored type of anything that is not an image or video below. */
export const OPAQUE_TYPE = 'application/octet-stream';

/** Raster images by their magic numbers: the only types evidence images may have. */
export const RASTER_IMAGE_TYPES: ReadonlySet<string> = new Set([
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/bmp',
  'image/heic',
  'image/avif',
]);

export const VIDEO_TYPES: ReadonlySet<string> = new Set(['video/mp4', 'video/quicktime', 'video/webm']);

/** Served inline by the CDN; any other stored type goes out as an attachment. */
export const isInlineType = (contentType: string): boolean =>
  RASTER_IMAGE_TYPES.has(contentType) || VIDEO_TYPES.has(contentType);

const ascii = (bytes: Uint8Array, from: number, to: number): string =>
  String.fromCharCode(...bytes.subarray(from, to));

const startsWith = (bytes: Uint8Array, magic: readonly number[], at = 0): boolean =>
  bytes.length >= at + magic.length && magic.every((byte, i) => bytes[at + i] === byte);

/** ISO base media brands (the `ftyp` box) that are still images. */
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs', 'mif1', 'msf1']);
const AVIF_BRANDS = new Set(['avif', 'avis']);
/** …and those that are MP4-family video a browser plays. */
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'avc1',
  'dash',
  'M4V ',
  'M4VH',
  'M4VP',
  'mmp4',
  'MSNV',
  'f4v ',
]);
/** Old QuickTime files start with one of these atoms instead of `ftyp`. */
const QUICKTIME_ATOMS = new Set(['moov', 'mdat', 'wide']);
/** The header sizes a BMP's DIB header can have (BITMAPCOREHEADER … BITMAPV5HEADER). */
const BMP_DIB_SIZES = new Set([12, 40, 52, 56, 64, 108, 124]);

function isoMediaType(head: Uint8Array): string | null {
  if (head.length < 8) return null;
  const box = ascii(head, 4, 8);
  if (QUICKTIME_ATOMS.has(box)) return 'video/quicktime';
  if (box !== 'ftyp' || head.length < 12) return null;
  const size = Math.min(new DataView(head.buffer, head.byteOffset).getUint32(0), head.length);
  const brands = [ascii(head, 8, 12)];
  for (let at = 16; at + 4 <= size; at += 4) brands.push(ascii(head, at, at + 4));
  if (brands.some((brand) => AVIF_BRANDS.has(brand))) return 'image/avif';
  if (brands[0] === 'qt  ') return 'video/quicktime';
  if (HEIF_BRANDS.has(brands[0] as string)) return 'image/heic';
  if (MP4_BRANDS.has(brands[0] as string)) return 'video/mp4';
  return null;
}

/** The content type of bytes starting with `head` (its first {@link SNIFF_BYTES} or fewer). */
export function sniffContentType(head: Uint8Array): string {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (head.length >= 6 && (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a'))
    return 'image/gif';
  if (head.length >= 12 && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'image/webp';
  if (head.length >= 18 && ascii(head, 0, 2) === 'BM') {
    const dib = new DataView(head.buffer, head.byteOffset).getUint32(14, true);
    if (BMP_DIB_SIZES.has(dib)) return 'image/bmp';
  }
  // WebM is Matroska with the DocType "webm" in its EBML header.
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3]) && Buffer.from(head).includes('webm')) return 'video/webm';
  return isoMediaType(head) ?? OPAQUE_TYPE;
}

/**
 * Reads the first bytes of a stream to decide its type and hands back a stream of all its bytes
 * (the head, then the rest as it arrives): nothing but the head is held in memory.
 */
export async function sniffStream(source: Readable): Promise<{ contentType: string; body: Readable }> {
  const iterator = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let size = 0;
  while (size < SNIFF_BYTES) {
    const next = await iterator.next();
    if (next.done) break;
    chunks.push(next.value);
    size += next.value.length;
  }
  const head = Buffer.concat(chunks, size);
  async function* all() {
    try {
      if (head.length > 0) yield head;
      for (;;) {
        const next = await iterator.next();
        if (next.done) return;
        yield next.value;
      }
    } finally {
      // Stopped early (a refusal downstream): release the source as a pipeline would.
      await iterator.return?.();
    }
  }
  return {
    contentType: sniffContentType(head.subarray(0, SNIFF_BYTES)),
    body: Readable.from(all(), { objectMode: false }),
  };
}

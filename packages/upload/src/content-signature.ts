/** The picture formats strict picture mode accepts, by content signature (spec §5). */
export type PictureFormat = 'jpg' | 'png' | 'gif' | 'webp';

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0): boolean =>
  signature.every((byte, i) => bytes[at + i] === byte);

const ascii = (text: string): number[] => Array.from(text, (c) => c.charCodeAt(0));

const JPG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const GIF87 = ascii('GIF87a');
const GIF89 = ascii('GIF89a');
const RIFF = ascii('RIFF');
const WEBP = ascii('WEBP');

/** The format of a picture's first bytes; null when they are none of jpg, png, gif or webp. */
export function pictureFormatOf(bytes: Uint8Array): PictureFormat | null {
  if (startsWith(bytes, JPG)) return 'jpg';
  if (startsWith(bytes, PNG)) return 'png';
  if (startsWith(bytes, GIF87) || startsWith(bytes, GIF89)) return 'gif';
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return 'webp';
  return null;
}

/** Reads a file's signature bytes (its name and type are not trusted: a renamed .exe stays one). */
export async function sniffPictureFormat(file: Blob): Promise<PictureFormat | null> {
  return pictureFormatOf(new Uint8Array(await file.slice(0, 12).arrayBuffer()));
}

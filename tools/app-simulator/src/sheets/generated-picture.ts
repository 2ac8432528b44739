import { deflateSync } from 'node:zlib';

// The simulated app has no camera roll: its publisher makes pictures itself, solid PNGs with a
// lighter band, one colour per picture, so a post's pictures differ and are real images the
// server's strict picture check accepts.

/** A generated picture: its PNG bytes and pixel size. */
export interface GeneratedPicture {
  name: string;
  bytes: Uint8Array<ArrayBuffer>;
  width: number;
  height: number;
}

const COLOURS: ReadonlyArray<readonly [number, number, number]> = [
  [0, 117, 112],
  [198, 40, 40],
  [33, 99, 186],
  [230, 145, 30],
  [120, 60, 160],
  [40, 140, 60],
];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** The `index`-th generated picture (0-based), `width` × `height` pixels. */
export function generatePicture(index: number, width = 480, height = 640): GeneratedPicture {
  const [r, g, b] = COLOURS[index % COLOURS.length] as readonly [number, number, number];
  const row = 1 + width * 3;
  const raw = Buffer.alloc(row * height);
  for (let y = 0; y < height; y += 1) {
    const band = y > height * 0.4 && y < height * 0.6;
    for (let x = 0; x < width; x += 1) {
      const at = y * row + 1 + x * 3;
      raw[at] = band ? 255 - (255 - r) / 3 : r;
      raw[at + 1] = band ? 255 - (255 - g) / 3 : g;
      raw[at + 2] = band ? 255 - (255 - b) / 3 : b;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', new Uint8Array(0)),
  ]);
  return {
    name: `native-${index + 1}.png`,
    bytes: new Uint8Array(png.buffer.slice(png.byteOffset, png.byteOffset + png.byteLength)),
    width,
    height,
  };
}

/** The pixel size in a PNG's header, or null when the bytes are no PNG. */
export function pngSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (bytes.length < 24 || bytes[0] !== 0x89 || bytes[1] !== 0x50) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** A small data URL of the picture for the sheet's preview. */
export function pictureDataUrl(picture: GeneratedPicture): string {
  return `data:image/png;base64,${Buffer.from(picture.bytes).toString('base64')}`;
}

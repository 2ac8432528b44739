import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { sniffContentType, sniffStream } from './content-sniff';

const ascii = (text: string) => Buffer.from(text, 'latin1');
/** An ISO base media `ftyp` box: size, 'ftyp', major brand, minor version, compatible brands. */
const ftyp = (major: string, ...compatible: string[]) => {
  const box = Buffer.concat([
    Buffer.alloc(4),
    ascii(`ftyp${major}`),
    Buffer.alloc(4),
    ...compatible.map(ascii),
    ascii('\0\0\0\x08free'),
  ]);
  box.writeUInt32BE(16 + 4 * compatible.length, 0);
  return box;
};
/** A BMP file header with a BITMAPINFOHEADER (40 bytes). */
const bmp = () => {
  const head = Buffer.alloc(54);
  head.write('BM', 0, 'latin1');
  head.writeUInt32LE(54, 2);
  head.writeUInt32LE(40, 14);
  return head;
};
const ebml = (docType: string) =>
  Buffer.concat([
    Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x80 | docType.length]),
    ascii(docType),
  ]);

const image = (format: 'jpeg' | 'png' | 'gif' | 'webp' | 'avif') =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#369' } })
    .toFormat(format)
    .toBuffer();

describe('sniffContentType', () => {
  it('knows the images and videos it serves inline by their magic numbers', async () => {
    expect(sniffContentType(await image('jpeg'))).toBe('image/jpeg');
    expect(sniffContentType(await image('png'))).toBe('image/png');
    expect(sniffContentType(await image('gif'))).toBe('image/gif');
    expect(sniffContentType(await image('webp'))).toBe('image/webp');
    expect(sniffContentType(await image('avif'))).toBe('image/avif');
    expect(sniffContentType(bmp())).toBe('image/bmp');
    expect(sniffContentType(ftyp('heic', 'mif1', 'heic'))).toBe('image/heic');
    expect(sniffContentType(ftyp('mif1', 'mif1', 'avif'))).toBe('image/avif');
    expect(sniffContentType(ftyp('isom', 'isom', 'iso2', 'mp41'))).toBe('video/mp4');
    expect(sniffContentType(ftyp('mp42', 'mp42'))).toBe('video/mp4');
    expect(sniffContentType(ftyp('qt  ', 'qt  '))).toBe('video/quicktime');
    expect(sniffContentType(Buffer.concat([Buffer.from([0, 0, 0, 8]), ascii('wide')]))).toBe(
      'video/quicktime',
    );
    expect(sniffContentType(ebml('webm'))).toBe('video/webm');
  });

  it('calls everything else application/octet-stream, whatever it looks like to a browser', () => {
    for (const [label, bytes] of [
      ['html', ascii('<!doctype html><script>alert(1)</script>')],
      ['svg', ascii('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
      ['svg behind an xml prolog', ascii('<?xml version="1.0"?><svg onload="alert(1)"/>')],
      ['exe', Buffer.concat([ascii('MZ\x90\0'), Buffer.alloc(60)])],
      ['pdf', ascii('%PDF-1.7\n%âãÏÓ')],
      ['zip', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0])],
      ['text starting with BM', ascii('BMW is a brand, not a bitmap, and this line is long enough')],
      ['matroska (not webm)', ebml('matroska')],
      ['m4a audio', ftyp('M4A ', 'M4A ', 'mp42')],
      ['a jpeg marker cut short', Buffer.from([0xff, 0xd8])],
      ['nothing', Buffer.alloc(0)],
    ] as const) {
      expect(sniffContentType(bytes), label).toBe('application/octet-stream');
    }
  });
});

describe('sniffStream', () => {
  it('decides from the head and hands back every byte, in order, however the chunks fall', async () => {
    const png = await image('png');
    const chunks = [png.subarray(0, 3), png.subarray(3, 5), png.subarray(5, 300), png.subarray(300)];
    const { contentType, body } = await sniffStream(Readable.from(chunks, { objectMode: false }));
    expect(contentType).toBe('image/png');
    expect((await buffer(body)).equals(png)).toBe(true);
  });

  it('passes a source error on to the reader', async () => {
    const source = new Readable({ read() {} });
    source.push(Buffer.alloc(300, 1));
    const { body } = await sniffStream(source);
    setImmediate(() => source.destroy(new Error('client went away')));
    await expect(buffer(body)).rejects.toThrow('client went away');
  });
});

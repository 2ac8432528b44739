import { randomBytes, randomInt } from 'node:crypto';
import sharp from 'sharp';
import { CAPTCHA_ALPHABET, CAPTCHA_GLYPHS } from './captcha-glyphs';

const GLYPH_WIDTH = 10;
const GLYPH_HEIGHT = 14;
const SLOT = 32;
const PAD = 12;
const HEIGHT = 50;
/** Pixels per drawing unit: the raster is sharp on 2× screens. */
const SCALE = 2;
const INKS = ['#1f3a93', '#8e1b3a', '#1d6b45', '#5b2c83', '#7a4a00', '#0f5e74'];
const GROUNDS = ['#f4f1ea', '#eef3f6', '#f6efef', '#f1f4ec'];
const TINTS = ['#d9cbb0', '#b9cfdc', '#dcc0c0', '#c8d6b8', '#d6c8de'];

/** A uniform float in [min, max) from the crypto RNG (the image must not predict the answer). */
const between = (min: number, max: number): number =>
  min + (randomInt(0, 1_000_000) / 1_000_000) * (max - min);
const pick = <T>(items: readonly T[]): T => items[randomInt(0, items.length)] as T;
const fixed = (n: number): string => n.toFixed(1);

/** A random answer of 4 or 5 characters from the unambiguous alphabet. */
export function randomAnswer(): string {
  const length = randomInt(4, 6);
  let answer = '';
  for (let i = 0; i < length; i += 1) answer += CAPTCHA_ALPHABET[randomInt(0, CAPTCHA_ALPHABET.length)];
  return answer;
}

/**
 * One character as absolute path data: every point jittered, then scaled, sheared, rotated and
 * moved to its slot, so no two renderings of a glyph are alike.
 */
function glyphPath(glyph: string, centerX: number, centerY: number): string {
  const scale = between(1.85, 2.15);
  const stretch = between(0.85, 1.1);
  const shear = between(-0.25, 0.25);
  const angle = (between(-20, 20) * Math.PI) / 180;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const place = (x: number, y: number): string => {
    const gx = (x + between(-0.45, 0.45) - GLYPH_WIDTH / 2) * scale * stretch;
    const gy = (y + between(-0.45, 0.45) - GLYPH_HEIGHT / 2) * scale;
    const sx = gx + shear * gy;
    return `${fixed(centerX + sx * cos - gy * sin)} ${fixed(centerY + sx * sin + gy * cos)}`;
  };
  return glyph.replace(/(-?\d+(?:\.\d+)?) (-?\d+(?:\.\d+)?)/g, (_, x: string, y: string) =>
    place(Number(x), Number(y)),
  );
}

/** A wavy stroke across the whole image. */
function curveAcross(width: number): string {
  const y = () => fixed(between(8, HEIGHT - 8));
  return `M${fixed(between(-4, 8))} ${y()} Q${fixed(width * between(0.2, 0.4))} ${y()} ${fixed(width / 2)} ${y()} T${fixed(width + between(-8, 4))} ${y()}`;
}

/**
 * The drawing, never sent: a tinted ground with blotches and hatching, each character a
 * distorted stroke path at its slot, and strokes in the glyphs' inks and widths across them
 * (they join the characters, so cutting the image into characters is hard).
 */
function drawing(answer: string, width: number): string {
  const layers: string[] = [`<rect width="100%" height="100%" fill="${pick(GROUNDS)}"/>`];
  for (let i = 0; i < 14; i += 1) {
    layers.push(
      `<ellipse cx="${fixed(between(0, width))}" cy="${fixed(between(0, HEIGHT))}" rx="${fixed(between(6, 26))}" ry="${fixed(between(4, 14))}" fill="${pick(TINTS)}" opacity="${fixed(between(0.25, 0.6))}"/>`,
    );
  }
  for (let i = 0; i < 22; i += 1) {
    const x = between(-20, width);
    layers.push(
      `<path d="M${fixed(x)} ${fixed(between(-4, 10))} L${fixed(x + between(-14, 30))} ${fixed(between(HEIGHT - 10, HEIGHT + 4))}" stroke="${pick(TINTS)}" stroke-width="${fixed(between(0.5, 1.2))}"/>`,
    );
  }
  [...answer].forEach((char, i) => {
    const d = glyphPath(
      CAPTCHA_GLYPHS[char] as string,
      PAD + SLOT * i + SLOT / 2 + between(-3, 3),
      HEIGHT / 2 + between(-3, 3),
    );
    layers.push(`<path d="${d}" stroke="${pick(INKS)}" stroke-width="${fixed(between(2.5, 3.2))}"/>`);
  });
  for (let i = 0; i < 2; i += 1) {
    layers.push(
      `<path d="${curveAcross(width)}" stroke="${pick(INKS)}" stroke-width="${fixed(between(1.4, 2.2))}" opacity="0.85"/>`,
    );
  }
  for (let i = 0; i < 30; i += 1) {
    layers.push(
      `<circle cx="${fixed(between(0, width))}" cy="${fixed(between(0, HEIGHT))}" r="${fixed(between(0.5, 1.5))}" fill="${pick(INKS)}" stroke="none" opacity="0.7"/>`,
    );
  }
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${HEIGHT}" viewBox="0 0 ${width} ${HEIGHT}">`,
    '<g fill="none" stroke-linecap="round" stroke-linejoin="round">',
    ...layers,
    '</g></svg>',
  ].join('');
}

/**
 * Bends the raster along two sine waves of random phase and length (rows sideways, columns up
 * and down, bilinear), then sprinkles grain: the outlines no longer match any stored glyph.
 */
function warpAndGrain(source: Buffer, width: number, height: number): Buffer {
  const out = Buffer.alloc(source.length);
  const grains = randomBytes(width * height);
  const ax = between(2, 3.5) * SCALE;
  const ay = between(1.5, 2.5) * SCALE;
  const lx = between(28, 44) * SCALE;
  const ly = between(40, 70) * SCALE;
  const px = between(0, Math.PI * 2);
  const py = between(0, Math.PI * 2);
  const at = (x: number, y: number, c: number): number => {
    const cx = Math.min(width - 1, Math.max(0, x));
    const cy = Math.min(height - 1, Math.max(0, y));
    return source[(cy * width + cx) * 3 + c] as number;
  };
  for (let y = 0; y < height; y += 1) {
    const dx = ax * Math.sin((2 * Math.PI * y) / ly + px);
    for (let x = 0; x < width; x += 1) {
      const sx = x + dx;
      const sy = y + ay * Math.sin((2 * Math.PI * x) / lx + py);
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const fx = sx - x0;
      const fy = sy - y0;
      const grain = ((grains[y * width + x] as number) % 37) - 18;
      for (let c = 0; c < 3; c += 1) {
        const top = at(x0, y0, c) * (1 - fx) + at(x0 + 1, y0, c) * fx;
        const bottom = at(x0, y0 + 1, c) * (1 - fx) + at(x0 + 1, y0 + 1, c) * fx;
        out[(y * width + x) * 3 + c] = Math.min(
          255,
          Math.max(0, Math.round(top * (1 - fy) + bottom * fy) + grain),
        );
      }
    }
  }
  return out;
}

/**
 * The challenge image as a PNG data URL (`data:image/png;base64,…`, 152 × 50 CSS pixels at 2× for
 * 4 characters, 184 × 50 for 5): the characters are drawn as distorted strokes over a textured
 * ground, crossed by strokes of the same inks, rasterised by sharp, bent and grained. Only pixels
 * leave the server: no markup, path data or text the answer could be read from, and no two
 * renderings of one answer alike.
 */
export async function renderCaptchaImage(answer: string): Promise<string> {
  const width = PAD * 2 + SLOT * answer.length;
  const { data, info } = await sharp(Buffer.from(drawing(answer, width)), { density: 72 * SCALE })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels = warpAndGrain(data, info.width, info.height);
  const png = await sharp(pixels, { raw: { width: info.width, height: info.height, channels: 3 } })
    .png({ palette: true, colours: 16, effort: 1, compressionLevel: 9 })
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

import { randomInt } from 'node:crypto';
import { CAPTCHA_ALPHABET, CAPTCHA_GLYPHS } from './captcha-glyphs';

const GLYPH_WIDTH = 10;
const GLYPH_HEIGHT = 14;
const SLOT = 32;
const PAD = 12;
export const CAPTCHA_IMAGE_HEIGHT = 50;
const INKS = ['#1f3a93', '#8e1b3a', '#1d6b45', '#5b2c83', '#7a4a00', '#0f5e74'];

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

/** Fisher–Yates with the crypto RNG. */
function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = randomInt(0, i + 1);
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

/**
 * One character as absolute path data: every point jittered, then scaled, sheared, rotated and
 * moved to its slot, so no two renderings of a glyph are alike and no transform attribute
 * gives the geometry away.
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

/** A wavy stroke across the image, in the glyphs' inks: noise a human reads through. */
function noiseCurve(width: number): string {
  const y = () => fixed(between(6, CAPTCHA_IMAGE_HEIGHT - 6));
  return `M${fixed(between(0, 10))} ${y()} Q${fixed(width * between(0.2, 0.4))} ${y()} ${fixed(width / 2)} ${y()} T${fixed(width - between(0, 10))} ${y()}`;
}

/**
 * The challenge image as SVG markup: each character a distorted stroke path at its own slot
 * (left to right is the reading order), the paths shuffled among noise curves and dots in the
 * document, so neither the markup order nor any text node spells the answer.
 */
export function renderCaptchaSvg(answer: string): string {
  const width = PAD * 2 + SLOT * answer.length;
  const strokes: string[] = [...answer].map((char, i) => {
    const d = glyphPath(
      CAPTCHA_GLYPHS[char] as string,
      PAD + SLOT * i + SLOT / 2 + between(-3, 3),
      CAPTCHA_IMAGE_HEIGHT / 2 + between(-3, 3),
    );
    return `<path d="${d}" stroke="${pick(INKS)}" stroke-width="${fixed(between(2.6, 3.2))}"/>`;
  });
  for (let i = 0; i < 3; i += 1) {
    strokes.push(
      `<path d="${noiseCurve(width)}" stroke="${pick(INKS)}" stroke-width="${fixed(between(1, 1.6))}" opacity="0.7"/>`,
    );
  }
  for (let i = 0; i < 24; i += 1) {
    strokes.push(
      `<circle cx="${fixed(between(0, width))}" cy="${fixed(between(0, CAPTCHA_IMAGE_HEIGHT))}" r="${fixed(between(0.6, 1.6))}" fill="${pick(INKS)}" stroke="none" opacity="0.6"/>`,
    );
  }
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${CAPTCHA_IMAGE_HEIGHT}" viewBox="0 0 ${width} ${CAPTCHA_IMAGE_HEIGHT}">`,
    `<rect width="100%" height="100%" fill="#f4f1ea"/>`,
    `<g fill="none" stroke-linecap="round" stroke-linejoin="round">`,
    ...shuffle(strokes),
    '</g></svg>',
  ].join('');
}

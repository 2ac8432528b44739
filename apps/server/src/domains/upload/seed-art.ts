import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { invalidArgument } from './storage-error';

/** Deterministic SVG illustrations for seeded images: a gradient ground and a product silhouette. */

const PALETTES: ReadonlyArray<readonly [string, string, string]> = [
  ['#ff9a8b', '#ff6a88', '#ffffff'],
  ['#a1c4fd', '#c2e9fb', '#1e3a5f'],
  ['#fbc2eb', '#a6c1ee', '#3b2c5a'],
  ['#84fab0', '#8fd3f4', '#134e4a'],
  ['#fccb90', '#d57eeb', '#3f1d38'],
  ['#e0c3fc', '#8ec5fc', '#1f2a44'],
  ['#f6d365', '#fda085', '#4a2511'],
  ['#d4fc79', '#96e6a1', '#1b4332'],
  ['#2b2d42', '#8d99ae', '#edf2f4'],
  ['#232526', '#414345', '#f5c518'],
];

/** FNV-1a: a stable 32-bit hash of the name. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

const SNEAKER =
  'M12 70C12 61 20 56 34 53L68 41C79 31 95 29 106 36L126 50C142 56 170 58 186 66C196 71 196 82 186 85H22C14 85 12 80 12 70Z';
const SOLE = 'M8 82H192V90C192 94 190 96 186 96H14C10 96 8 94 8 90Z';
const LACES = 'M74 44L84 54M84 40L94 50M95 37L104 46';

function sneaker(x: number, y: number, scale: number, color: string, accent: string, flip: boolean): string {
  const transform = `translate(${x} ${y}) scale(${flip ? -scale : scale} ${scale})${flip ? ' translate(-200 0)' : ''}`;
  return `<g transform="${transform}"><path d="${SOLE}" fill="${accent}" opacity=".9"/><path d="${SNEAKER}" fill="${color}"/><path d="M40 62C70 60 120 64 160 72" stroke="${accent}" stroke-width="5" fill="none" stroke-linecap="round"/><path d="${LACES}" stroke="${accent}" stroke-width="3" stroke-linecap="round"/></g>`;
}

// More subjects in the same 200 × 100 frame, so covers are not one sneaker drawing each (issue 14
// point 4): a high-top, a cap, a shoebox and a backpack.
const HIGH_TOP =
  'M20 72C20 60 30 55 46 52L60 20C64 12 86 10 94 18L100 44C130 52 170 56 184 66C194 72 194 82 184 85H26C18 85 20 80 20 72Z';

function subject(kind: number, x: number, y: number, scale: number, color: string, accent: string): string {
  const frame = (body: string) => `<g transform="translate(${x} ${y}) scale(${scale})">${body}</g>`;
  switch (kind) {
    case 0:
      return frame(
        `<path d="${SOLE}" fill="${accent}" opacity=".9"/><path d="${HIGH_TOP}" fill="${color}"/><circle cx="78" cy="30" r="9" fill="${accent}" opacity=".8"/><path d="M36 64C80 60 130 66 170 72" stroke="${accent}" stroke-width="5" fill="none" stroke-linecap="round"/>`,
      );
    case 1:
      return frame(
        `<path d="M40 80C40 45 70 26 100 26C130 26 160 45 160 80Z" fill="${color}"/><path d="M100 80H196C196 90 182 95 160 95H100Z" fill="${accent}"/><circle cx="100" cy="24" r="6" fill="${accent}"/><path d="M100 28V78" stroke="${accent}" stroke-width="3" opacity=".5"/>`,
      );
    case 2:
      return frame(
        `<path d="M22 46H178V96H22Z" fill="${color}"/><path d="M14 32H186V50H14Z" fill="${accent}"/><path d="M40 64H110" stroke="${accent}" stroke-width="6" stroke-linecap="round"/><path d="M40 78H86" stroke="${accent}" stroke-width="4" stroke-linecap="round" opacity=".6"/>`,
      );
    default:
      return frame(
        `<path d="M62 24C62 4 138 4 138 24V96H62Z" fill="${color}"/><path d="M76 56H124V88H76Z" fill="${accent}" opacity=".85"/><path d="M84 14C84 2 116 2 116 14" stroke="${accent}" stroke-width="5" fill="none"/><path d="M76 66H124" stroke="${color}" stroke-width="3"/>`,
      );
  }
}

// Avatars (issue 14 point 4): a person drawn in a 100 × 100 frame, varied by the name's hash in
// skin tone, hair (short, long, bun, cap, buzz) and its colour, glasses, and the shirt's colour.
const SKIN = ['#f6d5bd', '#eab894', '#c98c66', '#8d5a3b'];
const HAIR_COLOURS = ['#2b1a12', '#4a2c1a', '#1c1c1e', '#8a5a2b', '#b58a2a'];
const HAIR = [
  (c: string) => `<path d="M29 42C27 20 73 20 71 42C67 31 33 31 29 42Z" fill="${c}"/>`,
  (c: string) =>
    `<path d="M28 46C24 16 76 16 72 46V70C66 62 64 52 64 44C58 34 42 34 36 44C36 52 34 62 28 70Z" fill="${c}"/>`,
  (c: string) =>
    `<circle cx="50" cy="17" r="9" fill="${c}"/><path d="M30 40C29 21 71 21 70 40C65 30 35 30 30 40Z" fill="${c}"/>`,
  (c: string, ink: string) =>
    `<path d="M28 38C28 16 72 16 72 38Z" fill="${ink}"/><path d="M48 34H84C84 39 80 41 74 41H48Z" fill="${ink}" opacity=".85"/><path d="M29 40C27 35 30 33 32 36" fill="${c}"/>`,
  (c: string) => `<path d="M31 36C33 24 67 24 69 36C62 31 38 31 31 36Z" fill="${c}" opacity=".75"/>`,
];
const GLASSES =
  '<g fill="none" stroke="#222" stroke-width="1.8"><circle cx="42" cy="43" r="6"/><circle cx="58" cy="43" r="6"/><path d="M48 43H52"/></g>';

function face(w: number, h: number, ink: string, seed: number): string {
  const skin = SKIN[seed % SKIN.length];
  const hairColour = HAIR_COLOURS[(seed >>> 3) % HAIR_COLOURS.length] ?? '#222';
  const hair = HAIR[(seed >>> 6) % HAIR.length]?.(hairColour, ink) ?? '';
  const glasses = (seed >>> 9) % 4 === 0 ? GLASSES : '';
  const scale = Math.min(w, h) / 100;
  return `<g transform="translate(${(w - 100 * scale) / 2} ${h - 100 * scale}) scale(${scale})"><path d="M16 100C18 74 82 74 84 100Z" fill="${ink}" opacity=".9"/><rect x="44" y="58" width="12" height="14" rx="5" fill="${skin}"/><circle cx="50" cy="42" r="20" fill="${skin}"/><circle cx="43" cy="43" r="2" fill="#2b1a12"/><circle cx="57" cy="43" r="2" fill="#2b1a12"/><path d="M44 52Q50 57 56 52" stroke="#8a3b2b" stroke-width="2" fill="none" stroke-linecap="round"/>${hair}${glasses}</g>`;
}

/** A seed image request: the name and the size it was seeded with. */
export const seedArtRequest = z.object({
  name: z.string().regex(/^[\w-]{1,64}$/),
  w: z.coerce.number().int().min(16).max(2000).default(600),
  h: z.coerce.number().int().min(16).max(2000).default(600),
});

/** The SVG for a seed name at a size; the same inputs always give the same bytes. */
export function renderSeedArt(name: string, width: number, height: number): string {
  const h = hash(name);
  const [from, to, ink] = PALETTES[h % PALETTES.length] as readonly [string, string, string];
  const id = `g${h.toString(36)}`;
  const angle = (h >>> 8) % 360;
  let scene: string;
  if (name.startsWith('avatar-')) {
    scene = face(width, height, ink, h >>> 4);
  } else {
    const scale = (Math.min(width, height * 1.6) / 200) * 0.78;
    const x = (width - 200 * scale) / 2;
    const y = height * 0.58 - 64 * scale;
    // Half the pictures a sneaker (one or a pair), the other half one of four other subjects.
    const kind = (h >>> 4) % 6;
    const second = kind === 1;
    scene = [
      `<circle cx="${width * 0.78}" cy="${height * 0.22}" r="${Math.min(width, height) * 0.16}" fill="#fff" opacity=".28"/>`,
      `<ellipse cx="${width / 2}" cy="${y + 98 * scale}" rx="${95 * scale}" ry="${8 * scale}" fill="#000" opacity=".12"/>`,
      second ? sneaker(x - 18 * scale, y - 26 * scale, scale * 0.92, ink, from, true) : '',
      kind <= 1
        ? sneaker(x, y, scale, '#ffffff', ink, false)
        : subject(kind - 2, x, y, scale, '#ffffff', ink),
    ].join('');
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs><linearGradient id="${id}" gradientTransform="rotate(${angle} .5 .5)"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#${id})"/>${scene}</svg>`;
}

export const SEED_ART_PATH = '/cdn/seed/:name.svg';

/**
 * GET /cdn/seed/{name}.svg?w=&h=: the seeded avatars and product logos (the emoji are kept
 * pictures, /cdn/emoji/). Ours, not an upload:
 * drawn from a validated name and two bounded numbers (nothing from the request reaches the
 * markup unchecked), a string built in microseconds with no cache to fill, so any name is drawn.
 * Served as image/svg+xml under the CDN's CSP (no script, sandboxed) like every /cdn/ answer.
 */
export async function sendSeedArt(request: FastifyRequest, reply: FastifyReply) {
  const parsed = seedArtRequest.safeParse({ ...(request.query as object), ...(request.params as object) });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw invalidArgument(`${issue?.path.join('.')}: ${issue?.message}`);
  }
  const { name, w, h } = parsed.data;
  return reply
    .header('cache-control', 'public, max-age=31536000, immutable')
    .type('image/svg+xml')
    .send(renderSeedArt(name, w, h));
}

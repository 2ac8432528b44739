import type { AiImageStyle } from '@h5/contract';
import sharp from 'sharp';
import { MAX_INPUT_PIXELS } from './ai-review';

/** The styled picture's side: square, the size a chat shares well. */
export const STYLED_SIDE = 720;

const heart = (x: number, y: number, size: number, fill: string) =>
  `<path transform="translate(${x} ${y}) scale(${size / 32})" fill="${fill}" d="M16 29 3.5 16.5A7.5 7.5 0 0 1 16 6a7.5 7.5 0 0 1 12.5 10.5Z"/>`;

/** The 520 frame: a coloured border, hearts and the number, drawn over the picture. */
function frame(colour: string): Buffer {
  const s = STYLED_SIDE;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}">
      <rect x="12" y="12" width="${s - 24}" height="${s - 24}" rx="28" fill="none" stroke="${colour}" stroke-width="14"/>
      ${heart(40, 40, 56, colour)}${heart(s - 96, s - 96, 56, colour)}${heart(s - 84, 44, 32, '#ffffff')}
      <text x="${s / 2}" y="${s - 44}" text-anchor="middle" font-family="sans-serif" font-weight="700"
        font-size="64" fill="#ffffff" stroke="${colour}" stroke-width="3">520</text>
    </svg>`,
  );
}

/** Darker corners, lighter centre (the film look). */
const vignette = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="${STYLED_SIDE}" height="${STYLED_SIDE}">
    <defs><radialGradient id="v"><stop offset="55%" stop-color="#000" stop-opacity="0"/>
    <stop offset="100%" stop-color="#000" stop-opacity="0.55"/></radialGradient></defs>
    <rect width="100%" height="100%" fill="url(#v)"/></svg>`,
);

const FRAME_COLOURS: Record<AiImageStyle, string> = { sweet: '#ff4f81', film: '#c9a06a', comic: '#2f6bff' };

/**
 * Makes the styled picture (JPEG): cropped square, then the style — sweet (brighter, pinker),
 * film (sepia tones and a vignette), comic (flattened colour with hard edges) — and the 520 frame.
 */
export async function stylePicture(photo: Buffer, style: AiImageStyle): Promise<Buffer> {
  let picture = sharp(photo, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize(STYLED_SIDE, STYLED_SIDE, { fit: 'cover', position: 'attention' });
  if (style === 'sweet') {
    picture = picture.modulate({ brightness: 1.08, saturation: 1.35, hue: -8 }).linear(0.92, 18);
  } else if (style === 'film') {
    picture = picture.recomb([
      [0.393, 0.769, 0.189],
      [0.349, 0.686, 0.168],
      [0.272, 0.534, 0.131],
    ]);
  } else {
    picture = picture.median(7).modulate({ saturation: 1.9 }).sharpen({ sigma: 2.5, m1: 2, m2: 4 });
  }
  // One composite pass per pipeline: flatten the styled pixels first, then draw on top.
  const styled = await picture.jpeg({ quality: 92 }).toBuffer();
  const layers = [...(style === 'film' ? [{ input: vignette }] : []), { input: frame(FRAME_COLOURS[style]) }];
  return sharp(styled).composite(layers).jpeg({ quality: 85, mozjpeg: true }).toBuffer();
}

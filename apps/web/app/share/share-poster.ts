// Issue 28 point 10: the share poster, drawn in the browser on the reader's tap: the picture, the
// title and description, and a QR code of the share link (uqr, pinned; in this chunk only, which
// loads with the share panel, never with the page: DESIGN.md §8). A PNG data URL the reader saves
// by a long press or the save link.
import { encode } from 'uqr';
import { SHARE_PANEL_TEXT as text } from '../lib/ui-text/share-panel';
import type { ShareInfo } from './share-info';

/** The poster's size in pixels: 375 × 600 points at 2x. */
export const POSTER_WIDTH = 750;
export const POSTER_HEIGHT = 1200;
const PAD = 48;
const PICTURE_HEIGHT = 620;
const QR_SIZE = 208;
const FONT = '"PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif';

/** The QR code's modules of `url` (true: dark), with no quiet zone: the poster draws its own. */
export function qrModules(url: string): boolean[][] {
  return encode(url, { ecc: 'M', border: 0 }).data;
}

function loadImage(src: string): Promise<HTMLImageElement | null> {
  return new Promise((resolve) => {
    const image = new Image();
    // A picture on another origin must allow it, or the canvas could not be saved.
    image.crossOrigin = 'anonymous';
    image.onload = () => resolve(image);
    image.onerror = () => resolve(null);
    image.src = src;
  });
}

/** Lines of `value` that fit `width`, at most `max`, the last one cut with an ellipsis. */
function wrap(ctx: CanvasRenderingContext2D, value: string, width: number, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const char of Array.from(value.replace(/\s+/g, ' ').trim())) {
    if (ctx.measureText(line + char).width > width) {
      lines.push(line);
      line = char;
      if (lines.length === max) break;
    } else line += char;
  }
  if (lines.length < max && line) lines.push(line);
  else if (lines.length === max && line) {
    let last = lines[max - 1] ?? '';
    while (last && ctx.measureText(`${last}…`).width > width) last = last.slice(0, -1);
    lines[max - 1] = `${last}…`;
  }
  return lines;
}

function roundRect(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, r: number) {
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, r);
}

/** Draws the picture as `object-fit: cover` in the poster's top, else the placeholder ground. */
function drawPicture(ctx: CanvasRenderingContext2D, image: HTMLImageElement | null) {
  ctx.save();
  roundRect(ctx, PAD, PAD, POSTER_WIDTH - 2 * PAD, PICTURE_HEIGHT, 24);
  ctx.clip();
  const w = POSTER_WIDTH - 2 * PAD;
  if (image && image.naturalWidth > 0) {
    const scale = Math.max(w / image.naturalWidth, PICTURE_HEIGHT / image.naturalHeight);
    const dw = image.naturalWidth * scale;
    const dh = image.naturalHeight * scale;
    ctx.drawImage(image, PAD + (w - dw) / 2, PAD + (PICTURE_HEIGHT - dh) / 2, dw, dh);
  } else {
    const ground = ctx.createLinearGradient(PAD, PAD, POSTER_WIDTH - PAD, PAD + PICTURE_HEIGHT);
    ground.addColorStop(0, '#e3f4f3');
    ground.addColorStop(1, '#f1f1f5');
    ctx.fillStyle = ground;
    ctx.fillRect(PAD, PAD, w, PICTURE_HEIGHT);
  }
  ctx.restore();
}

function drawQr(ctx: CanvasRenderingContext2D, url: string, x: number, y: number) {
  const modules = qrModules(url);
  const cell = Math.floor(QR_SIZE / modules.length);
  const size = cell * modules.length;
  const offset = (QR_SIZE - size) / 2;
  ctx.fillStyle = '#1a1a1f';
  modules.forEach((row, r) => {
    row.forEach((dark, c) => {
      if (dark) ctx.fillRect(x + offset + c * cell, y + offset + r * cell, cell, cell);
    });
  });
}

function draw(info: ShareInfo, image: HTMLImageElement | null): string {
  const canvas = document.createElement('canvas');
  canvas.width = POSTER_WIDTH;
  canvas.height = POSTER_HEIGHT;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d canvas');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, POSTER_WIDTH, POSTER_HEIGHT);
  drawPicture(ctx, image);

  const textWidth = POSTER_WIDTH - 2 * PAD;
  let y = PAD + PICTURE_HEIGHT + 64;
  ctx.fillStyle = '#1a1a1f';
  ctx.font = `600 40px ${FONT}`;
  ctx.textBaseline = 'alphabetic';
  for (const line of wrap(ctx, info.shareTitle, textWidth, 2)) {
    ctx.fillText(line, PAD, y);
    y += 56;
  }
  ctx.fillStyle = '#5c5c66';
  ctx.font = `28px ${FONT}`;
  for (const line of wrap(ctx, info.shareContent, textWidth, 1)) {
    ctx.fillText(line, PAD, y + 4);
    y += 44;
  }

  // The foot: what to do with the poster, and the QR code of the link.
  const footTop = POSTER_HEIGHT - PAD - QR_SIZE;
  ctx.fillStyle = '#ececf0';
  ctx.fillRect(PAD, footTop - 32, textWidth, 2);
  drawQr(ctx, info.shareUrl, POSTER_WIDTH - PAD - QR_SIZE, footTop);
  ctx.fillStyle = '#1a1a1f';
  ctx.font = `600 32px ${FONT}`;
  ctx.fillText(text.posterScan, PAD, footTop + 80);
  ctx.fillStyle = '#5c5c66';
  ctx.font = `26px ${FONT}`;
  ctx.fillText(text.posterNote, PAD, footTop + 126);
  ctx.fillStyle = '#007570';
  ctx.font = `600 26px ${FONT}`;
  ctx.fillText(text.posterBrand, PAD, footTop + 184);
  return canvas.toDataURL('image/png');
}

/** The poster of `info` as a PNG data URL; without its picture when that cannot be drawn and saved. */
export async function drawSharePoster(info: ShareInfo): Promise<string> {
  const image = info.shareImage ? await loadImage(info.shareImage) : null;
  try {
    return draw(info, image);
  } catch (error) {
    // A picture from an origin that does not allow it taints the canvas: the poster goes without.
    if (!image) throw error;
    return draw(info, null);
  }
}

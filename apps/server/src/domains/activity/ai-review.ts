import { inArray } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../../db/client';
import { aiImageBlocklist } from '../../db/schema';
import { REVIEW_REASONS } from './messages';

/** The review's rules (docs/api.md "520 AI image"). */
export const REVIEW_RULES = {
  minSide: 256,
  maxSide: 8192,
  maxBytes: 10 * 1024 * 1024,
  /** Below this standard deviation of the grey levels (0–255) a picture is one colour. */
  minGreyStdev: 6,
} as const;

/** Images over this many pixels are not decoded (a small file can claim a huge canvas). */
export const MAX_INPUT_PIXELS = REVIEW_RULES.maxSide * REVIEW_RULES.maxSide;

/** The fingerprint's grid is 9×8 cells; each is averaged from an 8×8 block of a 72×64 thumbnail. */
const CELL = 8;

/**
 * A 64-bit difference hash (hex): the grey picture as 9×8 cell averages, one bit per neighbour
 * pair. Re-encoding or resizing keeps it, so the block list catches copies of a blocked picture,
 * not only its bytes. The cells are box averages: a direct 9×8 resize blurs neighbours together.
 */
export async function differenceHash(image: Buffer): Promise<string> {
  const width = 9 * CELL;
  const grey = await sharp(image, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .greyscale()
    .resize(width, 8 * CELL, { fit: 'fill' })
    .raw()
    .toBuffer();
  const cell = (cx: number, cy: number) => {
    let sum = 0;
    for (let y = 0; y < CELL; y++)
      for (let x = 0; x < CELL; x++) sum += grey[(cy * CELL + y) * width + cx * CELL + x] as number;
    return sum;
  };
  let bits = 0n;
  for (let cy = 0; cy < 8; cy++) {
    for (let cx = 0; cx < 8; cx++) bits = (bits << 1n) | (cell(cx, cy) > cell(cx + 1, cy) ? 1n : 0n);
  }
  return bits.toString(16).padStart(16, '0');
}

/** Why `image` fails the review, or null when it passes: size, one colour, then the block list. */
export async function reviewProblem(db: Db, image: Buffer): Promise<string | null> {
  if (image.length > REVIEW_RULES.maxBytes)
    return REVIEW_REASONS.tooHeavy(REVIEW_RULES.maxBytes / 1024 / 1024);
  let stdev: number;
  try {
    const meta = await sharp(image, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    const width = meta.width ?? 0;
    const height = meta.height ?? 0;
    if (width < REVIEW_RULES.minSide || height < REVIEW_RULES.minSide)
      return REVIEW_REASONS.tooSmall(REVIEW_RULES.minSide);
    if (width > REVIEW_RULES.maxSide || height > REVIEW_RULES.maxSide)
      return REVIEW_REASONS.tooLarge(REVIEW_RULES.maxSide);
    const stats = await sharp(image, { limitInputPixels: MAX_INPUT_PIXELS }).greyscale().stats();
    stdev = stats.channels[0]?.stdev ?? 0;
  } catch {
    return REVIEW_REASONS.unreadable;
  }
  if (stdev < REVIEW_RULES.minGreyStdev) return REVIEW_REASONS.uniform;
  const hash = await differenceHash(image);
  const blocked = await db
    .select({ hash: aiImageBlocklist.hash })
    .from(aiImageBlocklist)
    .where(inArray(aiImageBlocklist.hash, [hash]));
  return blocked.length > 0 ? REVIEW_REASONS.blocked : null;
}

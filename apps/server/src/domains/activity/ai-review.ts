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

/**
 * A 64-bit difference hash (hex): the grey picture at 9×8, one bit per neighbour pair. Re-encoding
 * or resizing keeps it, so the block list catches copies of a blocked picture, not only its bytes.
 */
export async function differenceHash(image: Buffer): Promise<string> {
  const grey = await sharp(image, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .greyscale()
    .resize(9, 8, { fit: 'fill' })
    .raw()
    .toBuffer();
  let bits = 0n;
  for (let y = 0; y < 8; y++) {
    for (let x = 0; x < 8; x++) {
      bits = (bits << 1n) | ((grey[y * 9 + x] as number) > (grey[y * 9 + x + 1] as number) ? 1n : 0n);
    }
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

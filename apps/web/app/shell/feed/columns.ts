import type { FeedCard } from '@h5/contract';

/** Cover height / width is kept within these bounds so one odd image cannot dominate a column. */
export const MIN_COVER_RATIO = 0.6;
export const MAX_COVER_RATIO = 1.6;
/** Height of a NoPic card's text block, as a share of the card width. */
export const TEXT_BLOCK_RATIO = 1;
/** Title, author line and padding under the cover, as a share of the card width. */
const FOOTER_RATIO = 0.42;

/** The cover's display ratio (height / width), clamped. */
export function coverRatio(card: Pick<FeedCard, 'cover'>): number {
  if (!card.cover) return TEXT_BLOCK_RATIO;
  const ratio = card.cover.height / card.cover.width;
  return Math.min(MAX_COVER_RATIO, Math.max(MIN_COVER_RATIO, ratio));
}

/**
 * Splits cards into two waterfall columns: each card goes to the shorter column so far. The
 * split depends only on the cards, so server and client agree, and appending a page never
 * moves a card already placed.
 */
export function splitColumns<T extends Pick<FeedCard, 'cover'>>(cards: readonly T[]): [T[], T[]] {
  const columns: [T[], T[]] = [[], []];
  const heights = [0, 0];
  for (const card of cards) {
    const target = (heights[0] ?? 0) <= (heights[1] ?? 0) ? 0 : 1;
    columns[target].push(card);
    heights[target] = (heights[target] ?? 0) + coverRatio(card) + FOOTER_RATIO;
  }
  return columns;
}

/**
 * How far down the grid a phone's first screen reaches, in column widths: a 375-px screen has
 * ~180-px columns under ~140 px of bars, so 812 px show a little over 3.5 widths of the grid.
 */
export const FOLD_WIDTHS = 3.5;

/**
 * The cover most likely to be the page's largest paint (its LCP element): of the cards whose
 * top is on the first screen, the one showing the most cover above the fold. It loads eagerly
 * and first; under a lazy load a phone started it only after layout.
 */
export function largestAboveFold<T extends Pick<FeedCard, 'cover'>>(
  columns: readonly (readonly T[])[],
): T | null {
  let best: T | null = null;
  let bestArea = 0;
  for (const column of columns) {
    let top = 0;
    for (const card of column) {
      if (top >= FOLD_WIDTHS) break;
      const shown = card.cover ? Math.min(coverRatio(card), FOLD_WIDTHS - top) : 0;
      if (shown > bestArea) [best, bestArea] = [card, shown];
      top += coverRatio(card) + FOOTER_RATIO;
    }
  }
  return best;
}

import { STAR_COUNT, STAR_SCORE_MAX } from './constants';

/** One drawn star. */
export type StarKind = 'full' | 'half' | 'blank';

const HALVES_PER_STAR = 2;

/** A 0–10 score as five stars in half-steps (score / 2, rounded to the nearest half, clamped). */
export function scoreToStars(score: number): StarKind[] {
  const clamped = Number.isFinite(score) ? Math.min(STAR_SCORE_MAX, Math.max(0, score)) : 0;
  const halves = Math.round((clamped / STAR_SCORE_MAX) * STAR_COUNT * HALVES_PER_STAR);
  const full = Math.floor(halves / HALVES_PER_STAR);
  const half = halves % HALVES_PER_STAR;
  return Array.from({ length: STAR_COUNT }, (_, i): StarKind => {
    if (i < full) return 'full';
    if (i < full + half) return 'half';
    return 'blank';
  });
}

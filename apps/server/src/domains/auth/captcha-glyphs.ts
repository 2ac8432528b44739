/**
 * Stroke outlines of the captcha alphabet on a 10 × 14 box (y down), as SVG path data of M, L
 * and Q commands with absolute coordinates. Drawn as paths, never as text, so the image holds
 * no characters to read out of the markup. The alphabet leaves out look-alikes (0/O/Q/D…,
 * 1/I/L, 2/Z, 5/S, 8/B, G/6…).
 */
export const CAPTCHA_GLYPHS: Readonly<Record<string, string>> = {
  A: 'M0 14 L5 0 L10 14 M2.2 8.5 L7.8 8.5',
  C: 'M10 2.5 Q8 0 5 0 Q0 0 0 7 Q0 14 5 14 Q8 14 10 11.5',
  E: 'M10 0 L0 0 L0 14 L10 14 M0 7 L7 7',
  F: 'M10 0 L0 0 L0 14 M0 7 L7 7',
  H: 'M0 0 L0 14 M10 0 L10 14 M0 7 L10 7',
  J: 'M10 0 L10 10 Q10 14 5 14 Q0 14 0 10',
  K: 'M0 0 L0 14 M10 0 L0 8.5 M3.5 5.5 L10 14',
  M: 'M0 14 L0 0 L5 8 L10 0 L10 14',
  N: 'M0 14 L0 0 L10 14 L10 0',
  P: 'M0 14 L0 0 L6 0 Q10 0 10 3.75 Q10 7.5 6 7.5 L0 7.5',
  R: 'M0 14 L0 0 L6 0 Q10 0 10 3.75 Q10 7.5 6 7.5 L0 7.5 M5 7.5 L10 14',
  T: 'M0 0 L10 0 M5 0 L5 14',
  U: 'M0 0 L0 9.5 Q0 14 5 14 Q10 14 10 9.5 L10 0',
  V: 'M0 0 L5 14 L10 0',
  W: 'M0 0 L2.5 14 L5 5 L7.5 14 L10 0',
  X: 'M0 0 L10 14 M10 0 L0 14',
  Y: 'M0 0 L5 7 L10 0 M5 7 L5 14',
  3: 'M0.5 2 Q2 0 5 0 Q9.5 0 9.5 3.5 Q9.5 6.8 4.5 6.8 Q10 6.8 10 10.3 Q10 14 5 14 Q1.5 14 0 11.5',
  4: 'M7.5 14 L7.5 0 L0 10 L10 10',
  6: 'M9 1.5 Q7.5 0 5.5 0 Q0 0 0 8 Q0 14 5 14 Q10 14 10 9.5 Q10 5 5 5 Q1.5 5 0 8',
  7: 'M0 0 L10 0 L4 14',
  9: 'M1 12.5 Q2.5 14 4.5 14 Q10 14 10 6 Q10 0 5 0 Q0 0 0 4.5 Q0 9 5 9 Q8.5 9 10 6',
};

/** The characters a challenge is drawn from. */
export const CAPTCHA_ALPHABET = Object.keys(CAPTCHA_GLYPHS).join('');

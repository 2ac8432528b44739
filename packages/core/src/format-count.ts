import { COUNT_MILLION, COUNT_THOUSAND, COUNT_WAN } from './constants';

/** 'zh': 1.2万 · 'w': 1.2w · 'km': 1.2k / 1.2m. */
export type CountStyle = 'zh' | 'w' | 'km';

const DECIMALS = 1;
const DECIMAL_FACTOR = 10 ** DECIMALS;

// Truncated, not rounded: a count is never shown higher than it is (19999 → 1.9万, not 2万),
// and the unit never rolls over (999999 → 999.9k, not 1000.0k). A trailing .0 is dropped.
function scaled(count: number, unit: number, suffix: string): string {
  const value = Math.floor((count / unit) * DECIMAL_FACTOR) / DECIMAL_FACTOR;
  return `${value.toFixed(DECIMALS).replace(/\.0$/, '')}${suffix}`;
}

/** Display form of a count (spec §9): under 10000 as is, else 万 or w; 'km' uses k from 1000 and m from a million. */
export function formatCount(count: number, style: CountStyle = 'zh'): string {
  const n = Number.isFinite(count) ? Math.max(0, Math.floor(count)) : 0;
  if (style === 'km') {
    if (n >= COUNT_MILLION) return scaled(n, COUNT_MILLION, 'm');
    if (n >= COUNT_THOUSAND) return scaled(n, COUNT_THOUSAND, 'k');
    return String(n);
  }
  if (n < COUNT_WAN) return String(n);
  return scaled(n, COUNT_WAN, style === 'w' ? 'w' : '万');
}

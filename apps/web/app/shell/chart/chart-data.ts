/** What a chart shows: one label per point, series of values in the same order. */
export interface ChartData {
  kind: 'line' | 'bars';
  labels: string[];
  series: Array<{ name: string; color: string; values: number[] }>;
  /** Label every few points only (hours of the day), instead of every category. */
  sparseLabels?: boolean;
  /** What the value under the finger names its point by, when the axis label is short (`11月23日` for `11-23`). */
  tips?: string[];
}

/** `2026-11-23` as a chart's axis shows it: `11-23`. */
export const shortDate = (date: string): string => date.slice(5);

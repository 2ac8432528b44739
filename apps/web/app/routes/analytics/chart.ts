/** Geometry of a small multi-series line chart, computed apart from the markup so it can be tested. */
export interface ChartSeries {
  event: string;
  counts: readonly number[];
}

export interface ChartGeometry {
  max: number;
  /** One SVG polyline `points` string per series, in the order given. */
  lines: string[];
  /** Y positions of the horizontal grid lines with their values, bottom to top. */
  grid: { y: number; value: number }[];
}

/** A "nice" ceiling for the axis: 1, 2 or 5 times a power of ten, at least 1. */
export function niceCeiling(value: number): number {
  if (value <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

/** Points for each series in a width × height box (y grows downwards), with 4 grid lines. */
export function chartGeometry(series: readonly ChartSeries[], width: number, height: number): ChartGeometry {
  const max = niceCeiling(Math.max(0, ...series.flatMap((s) => s.counts)));
  const n = Math.max(1, ...series.map((s) => s.counts.length));
  const x = (i: number) => (n === 1 ? width / 2 : (i / (n - 1)) * width);
  const y = (v: number) => height - (v / max) * height;
  const round = (v: number) => Math.round(v * 10) / 10;
  return {
    max,
    lines: series.map((s) => s.counts.map((c, i) => `${round(x(i))},${round(y(c))}`).join(' ')),
    grid: [0, 0.25, 0.5, 0.75, 1].map((f) => ({ y: round(y(f * max)), value: Math.round(f * max) })),
  };
}

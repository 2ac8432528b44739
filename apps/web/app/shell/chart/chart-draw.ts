import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { ChartData } from './chart-data';

// Issue 15 point 1: the one module that imports uPlot (decision record 014). Only the creator
// routes import it, and only after mounting, so it is a chunk of its own that no other page loads.

const AXIS = '#8e8e99';
const GRID = '#eeeef1';
const FONT = '11px -apple-system, "PingFang SC", sans-serif';

/** A drawn chart: where its points are, and its end. */
export interface DrawnChart {
  /** The point nearest a pointer's `clientX`, or null off the plot. */
  indexAt(clientX: number): number | null;
  /** Where point `index` is drawn, in CSS px from `box`'s left edge. */
  xOf(index: number, box: HTMLElement): number;
  destroy(): void;
}

/** Draws the chart into `box` at its width; returns it, to ask where its points are and destroy on unmount. */
export function drawChart(box: HTMLElement, data: ChartData): DrawnChart {
  const plot = plotChart(box, data);
  const last = data.labels.length - 1;
  return {
    indexAt(clientX) {
      const over = plot.over.getBoundingClientRect();
      if (last < 0 || clientX < over.left - 8 || clientX > over.right + 8) return null;
      return Math.min(Math.max(Math.round(plot.posToVal(clientX - over.left, 'x')), 0), last);
    },
    xOf(index, within) {
      return (
        plot.over.getBoundingClientRect().left -
        within.getBoundingClientRect().left +
        plot.valToPos(index, 'x')
      );
    },
    destroy: () => plot.destroy(),
  };
}

function plotChart(box: HTMLElement, { labels, series, kind, sparseLabels }: ChartData): uPlot {
  const bars = kind === 'bars';
  const xs = labels.map((_, i) => i);
  const width = Math.max(box.clientWidth, 240);
  // Category labels that would touch each other at this width are slanted (regions, age bands).
  const labelChars = labels.reduce((n, label) => n + label.length, 0);
  const slanted = bars && !sparseLabels && labelChars * 12 > width * 0.8;
  const options: uPlot.Options = {
    width,
    height: 180,
    legend: { show: false },
    cursor: { show: false },
    scales: {
      x: { time: false, range: [-0.5, Math.max(labels.length - 0.5, 0.5)] },
      y: { range: (_u, _min, max) => [0, Math.max(max, 4)] },
    },
    axes: [
      {
        stroke: AXIS,
        font: FONT,
        size: slanted ? 52 : 28,
        gap: 4,
        rotate: slanted ? -45 : 0,
        grid: { show: false },
        ticks: { show: false },
        incrs: [1, 2, 3, 4, 6, 7, 10, 15, 30],
        space: bars && !sparseLabels ? 14 : 44,
        values: (_u, ticks) => ticks.map((t) => labels[t] ?? ''),
      },
      {
        stroke: AXIS,
        font: FONT,
        size: 34,
        gap: 4,
        grid: { stroke: GRID, width: 1 },
        ticks: { show: false },
      },
    ],
    series: [
      {},
      ...series.map((s) => ({
        label: s.name,
        stroke: s.color,
        width: bars ? 0 : 2,
        fill: bars ? s.color : undefined,
        points: { show: false },
        ...(bars ? { paths: uPlot.paths.bars?.({ size: [0.6, 28], gap: 2 }) } : {}),
      })),
    ],
  };
  return new uPlot(options, [xs, ...series.map((s) => s.values)], box);
}

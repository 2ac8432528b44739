import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import { CREATOR_TEXT as text } from '../../lib/ui-text/creator';
import styles from './chart.module.css';
import type { ChartData } from './chart-data';
import type { DrawnChart } from './chart-draw';

export type { ChartData } from './chart-data';

/** The point under the finger (or picked with the arrow keys) and where it is drawn, in CSS px from the box's left. */
interface Active {
  index: number;
  x: number;
}

/**
 * A chart drawn by the lazily loaded charting module (uPlot, decision record 014), with the same
 * data as a table for screen readers (the canvas is hidden from them). While the module loads, or
 * if it cannot, the box keeps its height and the table still tells everything.
 *
 * The value under the finger (issue 28 point 6): a touch, a drag or the mouse over the plot shows
 * the point's date and values in a tip over a guide line; from the keyboard the chart is a slider
 * (left / right / Home / End) that says the same.
 */
export function Chart({ title, data, testId }: { title: string; data: ChartData; testId: string }) {
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<DrawnChart | null>(null);
  const [drawn, setDrawn] = useState(false);
  const [active, setActive] = useState<Active | null>(null);
  useEffect(() => {
    let gone = false;
    import('./chart-draw')
      .then(({ drawChart }) => {
        if (gone || !box.current) return;
        plot.current = drawChart(box.current, data);
        setDrawn(true);
      })
      .catch(() => setDrawn(false));
    return () => {
      gone = true;
      plot.current?.destroy();
      plot.current = null;
      setActive(null);
    };
  }, [data]);

  const count = data.labels.length;
  const show = (index: number) => {
    const at = Math.min(Math.max(index, 0), count - 1);
    const x = plot.current && box.current ? plot.current.xOf(at, box.current) : null;
    if (x !== null) setActive({ index: at, x });
  };
  const onPointer = (event: PointerEvent<HTMLDivElement>) => {
    if (!plot.current || !box.current) return;
    if (event.type === 'pointermove' && event.pointerType !== 'mouse' && event.buttons === 0) return;
    const index = plot.current.indexAt(event.clientX);
    if (index !== null) show(index);
  };
  const onKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const from = active?.index ?? count - 1;
    const to =
      event.key === 'ArrowLeft' || event.key === 'ArrowDown'
        ? from - 1
        : event.key === 'ArrowRight' || event.key === 'ArrowUp'
          ? from + 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? count - 1
              : null;
    if (event.key === 'Escape') setActive(null);
    if (to === null) return;
    event.preventDefault();
    show(active ? to : from);
  };

  const tipOf = (index: number) => data.tips?.[index] ?? data.labels[index] ?? '';
  const valuesOf = (index: number) => data.series.map((s) => `${s.name} ${s.values[index] ?? 0}`).join('，');
  const said = active ? text.chartPoint(tipOf(active.index), valuesOf(active.index)) : undefined;
  const legend = data.series.length > 1;
  return (
    <figure className={styles.chart} data-testid={testId}>
      <figcaption className={styles.chartTitle}>{title}</figcaption>
      {legend ? (
        <p className={styles.legend} aria-hidden="true">
          {data.series.map((s) => (
            <span key={s.name}>
              <i style={{ background: s.color }} />
              {s.name}
            </span>
          ))}
        </p>
      ) : null}
      <div
        className={styles.explore}
        role="slider"
        tabIndex={drawn && count > 0 ? 0 : -1}
        aria-label={text.chartExplore(title)}
        aria-valuemin={0}
        aria-valuemax={Math.max(count - 1, 0)}
        aria-valuenow={active?.index ?? count - 1}
        aria-valuetext={said ?? text.chartPoint(tipOf(count - 1), valuesOf(count - 1))}
        onPointerDown={onPointer}
        onPointerMove={onPointer}
        onPointerLeave={(event) => {
          if (event.pointerType === 'mouse') setActive(null);
        }}
        onKeyDown={onKey}
        onFocus={(event) => {
          // From the keyboard only: a tap focuses the box too, after it picked its own point.
          if (!active && count > 0 && event.currentTarget.matches(':focus-visible')) show(count - 1);
        }}
        onBlur={() => setActive(null)}
        data-testid={`${testId}-explore`}
      >
        <div ref={box} className={styles.plot} aria-hidden="true" data-drawn={drawn} />
        {active ? (
          <>
            <span className={styles.guide} style={{ left: active.x }} aria-hidden="true" />
            <span
              className={styles.tip}
              // Kept inside the box: the tip leans left of points on the right half.
              data-side={active.x > (box.current?.clientWidth ?? 0) / 2 ? 'left' : 'right'}
              style={{ left: active.x }}
              aria-hidden="true"
              data-testid={`${testId}-tip`}
            >
              <b>{tipOf(active.index)}</b>
              {data.series.map((s) => (
                <span key={s.name} className={styles.tipRow}>
                  <i style={{ background: s.color }} />
                  {s.name} <b>{s.values[active.index] ?? 0}</b>
                </span>
              ))}
            </span>
          </>
        ) : null}
      </div>
      <table className={styles.srOnly} aria-label={text.chartLabel(title)}>
        <thead>
          <tr>
            <th scope="col">{data.kind === 'line' ? text.tableDate : text.tableItem}</th>
            {data.series.map((s) => (
              <th key={s.name} scope="col">
                {s.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.labels.map((label, i) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              {data.series.map((s) => (
                <td key={s.name}>{s.values[i] ?? 0}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

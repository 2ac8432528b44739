import { useEffect, useRef, useState } from 'react';
import { CREATOR_TEXT as text } from '../../lib/ui-text/creator';
import styles from './chart.module.css';
import type { ChartData } from './chart-data';

export type { ChartData } from './chart-data';

/**
 * A chart drawn by the lazily loaded charting module (uPlot, decision record 014), with the same
 * data as a table for screen readers (the canvas is hidden from them). While the module loads, or
 * if it cannot, the box keeps its height and the table still tells everything.
 */
export function Chart({ title, data, testId }: { title: string; data: ChartData; testId: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    let gone = false;
    let plot: { destroy(): void } | undefined;
    import('./chart-draw')
      .then(({ drawChart }) => {
        if (gone || !box.current) return;
        plot = drawChart(box.current, data);
        setDrawn(true);
      })
      .catch(() => setDrawn(false));
    return () => {
      gone = true;
      plot?.destroy();
    };
  }, [data]);
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
      <div ref={box} className={styles.plot} aria-hidden="true" data-drawn={drawn} />
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

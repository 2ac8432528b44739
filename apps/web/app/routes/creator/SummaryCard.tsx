import type { DataCenterSummary, PeriodFigure } from '@h5/contract';
import { formatCount } from '@h5/core';
import type { EntryState } from '../../lib/data-layer/use-entry';
import { CREATOR_TEXT as text } from '../../lib/ui-text/creator';
import { Placeholder } from '../../shell/Placeholder';
import styles from './data-center.module.css';
import { changeOf } from './period';

const FIGURES = ['views', 'lights', 'comments', 'shares', 'newFans'] as const;

function Change({ figure }: { figure: PeriodFigure }) {
  const { trend, percent } = changeOf(figure.change);
  const said =
    trend === 'none'
      ? text.noPrevious
      : trend === 'flat'
        ? text.flat
        : `${trend === 'up' ? '↑' : '↓'}${percent}`;
  return (
    <span className={`${styles.change} ${styles[trend]}`}>
      {trend === 'none' || trend === 'flat' ? said : `${text.vsPrevious} ${said}`}
    </span>
  );
}

/** The period's totals against the period before; a failure shows the placeholder here only (no toast, spec §7). */
export function SummaryCard({
  state,
  onRetry,
}: {
  state: EntryState<DataCenterSummary>;
  onRetry: () => void;
}) {
  if (state.status !== 'ready')
    return (
      <section
        className={styles.card}
        data-testid={state.status === 'loading' ? 'summary-loading' : 'summary-failed'}
        aria-busy={state.status === 'loading'}
      >
        <h2 className={styles.cardTitle}>{text.overview}</h2>
        {state.status === 'loading' ? (
          <div className={styles.figureGrid} aria-hidden="true">
            {FIGURES.map((f) => (
              <span key={f} className={styles.skeleton} />
            ))}
          </div>
        ) : (
          <Placeholder type="networkError" onRetry={onRetry} compact />
        )}
      </section>
    );
  const data = state.data;
  return (
    <section className={styles.card} data-testid="summary">
      <h2 className={styles.cardTitle}>
        {text.overview}
        <small>{text.periodRange(data.since, data.until)}</small>
      </h2>
      <dl className={styles.figureGrid}>
        {FIGURES.map((f) => (
          <div key={f} className={styles.figure} data-testid={`figure-${f}`}>
            <dt>{text.figures[f]}</dt>
            <dd>
              <b data-testid={`figure-${f}-value`}>{formatCount(data[f].value)}</b>
              <Change figure={data[f]} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

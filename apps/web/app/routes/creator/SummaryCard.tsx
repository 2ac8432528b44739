import type { DataCenterSummary, PeriodFigure } from '@h5/contract';
import { formatCount } from '@h5/core';
import type { EntryState } from '../../lib/data-layer/use-entry';
import { formatTime } from '../../lib/format-time';
import { CREATOR_TEXT as text } from '../../lib/ui-text/creator';
import { useNow } from '../../lib/use-now';
import { EntryView } from '../../shell/EntryView';
import { SectionCard } from '../../shell/SectionCard';
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
  const data = state.status === 'ready' ? state.data : null;
  const now = useNow();
  return (
    <SectionCard
      title={text.overview}
      note={
        data
          ? text.periodRange(formatTime(data.since, now, 'day'), formatTime(data.until, now, 'day'))
          : undefined
      }
      testId={data ? 'summary' : state.status === 'loading' ? 'summary-loading' : 'summary-failed'}
    >
      <EntryView state={state} onRetry={onRetry}>
        {(summary) => (
          <dl className={styles.figureGrid}>
            {FIGURES.map((f) => (
              <div key={f} className={styles.figure} data-testid={`figure-${f}`}>
                <dt>{text.figures[f]}</dt>
                <dd>
                  <b data-testid={`figure-${f}-value`}>{formatCount(summary[f].value)}</b>
                  <Change figure={summary[f]} />
                </dd>
              </div>
            ))}
          </dl>
        )}
      </EntryView>
    </SectionCard>
  );
}

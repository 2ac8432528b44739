import { DATA_CENTER_PERIODS, type DataCenterPeriod } from '@h5/contract';
import { CREATOR_TEXT as text } from '../../lib/ui-text/creator';
import styles from './data-center.module.css';

/** The data centre's 7 / 30 / 90-day tabs, the overview's and a content's alike. */
export function PeriodTabs({
  period,
  label,
  onChoose,
}: {
  period: DataCenterPeriod;
  label: string;
  onChoose: (period: DataCenterPeriod) => void;
}) {
  return (
    <div className={styles.tabs} role="tablist" aria-label={label}>
      {DATA_CENTER_PERIODS.map((p) => (
        <button
          key={p}
          type="button"
          role="tab"
          aria-selected={p === period}
          className={styles.tab}
          onClick={() => onChoose(p)}
          data-testid={`period-${p}`}
        >
          {text.periods[p]}
        </button>
      ))}
    </div>
  );
}

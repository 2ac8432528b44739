import { DATA_CENTER_PERIODS, type DataCenterPeriod } from '@h5/contract';
import { CREATOR_TEXT as text } from '../../lib/ui-text/creator';
import { Tabs } from '../../shell/Tabs';
import styles from './data-center.module.css';

/** The data centre's 7 / 30 / 90-day tabs, the overview's and a content's alike: segments as wide as the screen. */
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
    <Tabs
      label={label}
      options={DATA_CENTER_PERIODS}
      chosen={period}
      textOf={(p) => text.periods[p] ?? String(p)}
      onChoose={onChoose}
      testIdPrefix="period"
      className={styles.choices}
      tabClassName={styles.segment}
    />
  );
}

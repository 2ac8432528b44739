import type { FansPortrait, PortraitSlice } from '@h5/contract';
import { formatCount } from '@h5/core';
import { useMemo } from 'react';
import type { EntryState } from '../../lib/data-layer/use-entry';
import { CREATOR_TEXT as text } from '../../lib/ui-text/creator';
import { Chart, type ChartData } from '../../shell/chart/Chart';
import { Placeholder } from '../../shell/Placeholder';
import styles from './data-center.module.css';

const ACCENT = '#00857f';

const bars = (name: string, slices: PortraitSlice[], label: (key: string) => string): ChartData => ({
  kind: 'bars',
  labels: slices.map((s) => label(s.key)),
  series: [{ name, color: ACCENT, values: slices.map((s) => s.count) }],
});

const regionLabel = (key: string) =>
  key === 'other' ? text.regionOther : key === 'unknown' ? text.regionUnknown : key;

/** The followers by gender, age, region and active hour; a failure shows the placeholder here only (spec §7). */
export function FansPortraitCard({
  state,
  onRetry,
}: {
  state: EntryState<FansPortrait>;
  onRetry: () => void;
}) {
  const data = state.status === 'ready' ? state.data : null;
  const charts = useMemo(
    () =>
      data && {
        gender: bars(text.tableCount, data.gender, (k) => text.genders[k] ?? k),
        age: bars(text.tableCount, data.ageBands, (k) => text.ages[k] ?? k),
        region: bars(text.tableCount, data.regions, regionLabel),
        hours: {
          kind: 'bars',
          sparseLabels: true,
          labels: data.activeHours.map((_, h) => String(h)),
          series: [{ name: text.figures.views, color: ACCENT, values: data.activeHours }],
        } satisfies ChartData,
      },
    [data],
  );
  return (
    <section className={styles.card} data-testid="fans-portrait" aria-busy={state.status === 'loading'}>
      <h2 className={styles.cardTitle}>
        {text.fans}
        {data ? <small data-testid="fans-total">{text.fansTotal(formatCount(data.total))}</small> : null}
      </h2>
      {!data || !charts ? (
        state.status === 'loading' ? (
          <span className={`${styles.skeleton} ${styles.chartSkeleton}`} aria-hidden="true" />
        ) : (
          <Placeholder type="networkError" onRetry={onRetry} compact />
        )
      ) : data.total === 0 ? (
        <>
          <Placeholder type="empty" compact />
          <p className={styles.note}>{text.fansEmpty}</p>
        </>
      ) : (
        <>
          <Chart title={text.gender} data={charts.gender} testId="chart-gender" />
          <Chart title={text.age} data={charts.age} testId="chart-age" />
          <Chart title={text.region} data={charts.region} testId="chart-region" />
          <Chart title={text.activeHours} data={charts.hours} testId="chart-hours" />
        </>
      )}
    </section>
  );
}

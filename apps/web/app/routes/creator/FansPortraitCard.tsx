import type { FansPortrait, PortraitSlice } from '@h5/contract';
import { formatCount } from '@h5/core';
import { useMemo } from 'react';
import type { EntryState } from '../../lib/data-layer/use-entry';
import { CREATOR_TEXT as text } from '../../lib/ui-text/creator';
import { Chart, type ChartData } from '../../shell/chart/Chart';
import { EntryView } from '../../shell/EntryView';
import { Placeholder } from '../../shell/Placeholder';
import { SectionCard } from '../../shell/SectionCard';
import shell from '../../shell/screen.module.css';

const ACCENT = '#00857f';

const bars = (name: string, slices: PortraitSlice[], label: (key: string) => string): ChartData => ({
  kind: 'bars',
  labels: slices.map((s) => label(s.key)),
  series: [{ name, color: ACCENT, values: slices.map((s) => s.count) }],
});

/** The division's suffixes, dropped in the chart's labels: 广东省 → 广东, 新疆维吾尔自治区 → 新疆. */
const PROVINCE_SUFFIX = /(省|市|壮族自治区|回族自治区|维吾尔自治区|自治区|特别行政区)$/;

const regionLabel = (key: string) =>
  key === 'other'
    ? text.regionOther
    : key === 'unknown'
      ? text.regionUnknown
      : key.replace(PROVINCE_SUFFIX, '') || key;

/** Where a chart will be, as high as one (the screen's skeleton is a card high). */
export const ChartSkeleton = () => (
  <div className={shell.skeleton} style={{ height: 200 }} aria-hidden="true" />
);

/** The followers by gender, age, region and active hour; a failure shows the placeholder here only (spec §7). */
export function FansPortraitCard({
  state,
  onRetry,
}: {
  state: EntryState<FansPortrait>;
  onRetry: () => void;
}) {
  return (
    <SectionCard
      title={text.fans}
      testId="fans-portrait"
      note={
        state.status === 'ready' ? (
          <span className={shell.note} data-testid="fans-total">
            {text.fansTotal(formatCount(state.data.total))}
          </span>
        ) : null
      }
    >
      <EntryView state={state} onRetry={onRetry} skeleton={<ChartSkeleton />}>
        {(data) => <PortraitCharts data={data} />}
      </EntryView>
    </SectionCard>
  );
}

function PortraitCharts({ data }: { data: FansPortrait }) {
  const charts = useMemo(
    () => ({
      gender: bars(text.tableCount, data.gender, (k) => text.genders[k] ?? k),
      age: bars(text.tableCount, data.ageBands, (k) => text.ages[k] ?? k),
      region: bars(text.tableCount, data.regions, regionLabel),
      hours: {
        kind: 'bars',
        sparseLabels: true,
        labels: data.activeHours.map((_, h) => String(h)),
        series: [{ name: text.figures.views, color: ACCENT, values: data.activeHours }],
      } satisfies ChartData,
    }),
    [data],
  );
  if (data.total === 0)
    return (
      <>
        <Placeholder type="empty" compact />
        <p className={shell.note}>{text.fansEmpty}</p>
      </>
    );
  return (
    <>
      <Chart title={text.gender} data={charts.gender} testId="chart-gender" />
      <Chart title={text.age} data={charts.age} testId="chart-age" />
      <Chart title={text.region} data={charts.region} testId="chart-region" />
      <Chart title={text.activeHours} data={charts.hours} testId="chart-hours" />
    </>
  );
}

import type { DataCenterContentDetail } from '@h5/contract';
import { formatCount } from '@h5/core';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useEntry } from '../../lib/data-layer/use-entry';
import { businessRefusal } from '../../lib/failure';
import { formatTime } from '../../lib/format-time';
import { gatedPrefetch } from '../../lib/gated-prefetch.server';
import { notFound } from '../../lib/not-found';
import { CREATOR_TEXT as text } from '../../lib/ui-text/creator';
import { SHELL_TEXT } from '../../lib/ui-text/shell';
import { useNow } from '../../lib/use-now';
import { Chart, type ChartData } from '../../shell/chart/Chart';
import { shortDate } from '../../shell/chart/chart-data';
import { EntryView } from '../../shell/EntryView';
import { NotFound } from '../../shell/NotFound';
import { Placeholder } from '../../shell/Placeholder';
import { Screen } from '../../shell/Screen';
import shell from '../../shell/screen.module.css';
import type { Route } from './+types/data-center-content';
import styles from './data-center.module.css';
import { ChartSkeleton } from './FansPortraitCard';
import { PeriodTabs } from './PeriodTabs';
import { periodOf } from './period';

const SERIES = [
  { key: 'views', color: '#00857f' },
  { key: 'lights', color: '#e5753b' },
  { key: 'comments', color: '#4a6ee0' },
  { key: 'newFans', color: '#b04ac9' },
] as const;

const contentIdOf = (params: { contentId?: string }): number => {
  const id = Number(params.contentId);
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) throw notFound();
  return id;
};

/** Login only (a visitor goes to /login); a content that is not the caller's shows the refusal. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const contentId = contentIdOf(params);
  const period = periodOf(new URL(request.url).searchParams);
  const detail = await gatedPrefetch(request, context, 'creator.dataCenterContentDetail', {
    contentId,
    period,
  });
  return { contentId, period, detail: detail.data, error: detail.error };
}

export const shouldRevalidate = ({ currentUrl, nextUrl }: { currentUrl: URL; nextUrl: URL }) =>
  currentUrl.pathname !== nextUrl.pathname;

export const meta: Route.MetaFunction = () => [{ title: `${text.contentDetail} · ${SHELL_TEXT.siteTitle}` }];

/** One content's figures day by day over a period, as a chart with a table for screen readers. */
export default function ContentDataScreen({ loaderData }: Route.ComponentProps) {
  const [search, setSearch] = useSearchParams();
  const period = periodOf(search);
  const { contentId } = loaderData;
  // The loader ran for the URL's first period; another one loads in the browser.
  const loaded = loaderData.period === period;
  const [state, reload] = useEntry(
    'creator.dataCenterContentDetail',
    { contentId, period },
    loaded ? loaderData.detail : null,
    { errorToast: false },
  );
  if (state.status === 'missing') return <NotFound />;
  return (
    <Screen
      title={text.contentDetail}
      fallback={`/creator/data-center?period=${period}`}
      testId="content-data"
    >
      <PeriodTabs
        period={period}
        label={text.dailyTrend}
        onChoose={(p) => setSearch({ period: String(p) }, { replace: true, preventScrollReset: true })}
      />
      {loaded && loaderData.error && state.status !== 'ready' ? (
        <Placeholder type="empty" text={loaderData.error} home />
      ) : (
        <EntryView state={state} onRetry={reload} refusal={businessRefusal} skeleton={<ChartSkeleton />}>
          {(data) => <ContentData data={data} />}
        </EntryView>
      )}
    </Screen>
  );
}

const DAY_MS = 86_400_000;

function ContentData({ data }: { data: DataCenterContentDetail }) {
  // By the day, so the chart is not drawn again each minute.
  const today = Math.floor(useNow() / DAY_MS) * DAY_MS;
  const chart = useMemo(
    (): ChartData => ({
      kind: 'line',
      labels: data.days.map((d) => shortDate(d.date)),
      // The value under the finger names its day by the one date rule (5月24日).
      tips: data.days.map((d) => formatTime(d.date, today, 'day')),
      series: SERIES.map((s) => ({
        name: text.figures[s.key],
        color: s.color,
        values: data.days.map((d) => d[s.key]),
      })),
    }),
    [data, today],
  );
  return (
    <>
      <section className={shell.card}>
        <h2 className={styles.contentTitle} data-testid="content-data-title">
          {data.content.title}
        </h2>
        <p className={styles.range}>
          {text.periodRange(formatTime(data.since, today, 'day'), formatTime(data.until, today, 'day'))}
        </p>
        <dl className={styles.figureGrid}>
          {SERIES.map((s) => (
            <div key={s.key} className={styles.figure} data-testid={`total-${s.key}`}>
              <dt>{text.figures[s.key]}</dt>
              <dd>
                <b>{formatCount(data.totals[s.key])}</b>
              </dd>
            </div>
          ))}
        </dl>
      </section>
      <section className={shell.card}>
        <Chart title={text.dailyTrend} data={chart} testId="chart-daily" />
      </section>
    </>
  );
}

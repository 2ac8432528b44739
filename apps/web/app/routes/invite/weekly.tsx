import { WEEKLY_REPORT_MAX_WEEKS_AGO, type WeeklyReport } from '@h5/contract';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useEntry } from '../../lib/data-layer/use-entry';
import { gatedPrefetch } from '../../lib/gated-prefetch.server';
import { INVITE_TEXT as text } from '../../lib/ui-text/invite';
import { SHELL_TEXT } from '../../lib/ui-text/shell';
import { Chart, type ChartData } from '../../shell/chart/Chart';
import { shortDate } from '../../shell/chart/chart-data';
import { PageHeader } from '../../shell/PageHeader';
import { Placeholder } from '../../shell/Placeholder';
import { PullIndicator } from '../../shell/PullIndicator';
import { usePullToRefresh } from '../../shell/use-pull-to-refresh';
import type { Route } from './+types/weekly';
import styles from './invite.module.css';

/** `?week=` of the URL: weeks before this one, 0 to WEEKLY_REPORT_MAX_WEEKS_AGO (0 for anything else). */
export function weeksAgoOf(search: URLSearchParams): number {
  const asked = Number(search.get('week'));
  return Number.isInteger(asked) && asked >= 0 && asked <= WEEKLY_REPORT_MAX_WEEKS_AGO ? asked : 0;
}

/** Login only: a visitor goes to the login and comes back. The asked week is prefetched. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const weeksAgo = weeksAgoOf(new URL(request.url).searchParams);
  const report = await gatedPrefetch(request, context, 'invite.weeklyReport', { weeksAgo });
  return { weeksAgo, report: report.data };
}

/** Another week changes only the query: the screen loads it itself. */
export const shouldRevalidate = ({ currentUrl, nextUrl }: { currentUrl: URL; nextUrl: URL }) =>
  currentUrl.pathname !== nextUrl.pathname;

export const meta: Route.MetaFunction = () => [{ title: `${text.weeklyTitle} · ${SHELL_TEXT.siteTitle}` }];

const COLORS = { accent: '#007570', warm: '#e8833a', pink: '#d6457a' } as const;

/** The inviter's week (issue 18 point 1): totals and two charts (uPlot, loaded with the chart). */
export default function WeeklyScreen({ loaderData }: Route.ComponentProps) {
  const [search, setSearch] = useSearchParams();
  const weeksAgo = weeksAgoOf(search);
  const [state, reload] = useEntry(
    'invite.weeklyReport',
    { weeksAgo },
    loaderData.weeksAgo === weeksAgo ? loaderData.report : null,
    { errorToast: false },
  );
  const pull = usePullToRefresh(reload, state.status !== 'loading');
  const go = (next: number) => {
    const query = new URLSearchParams(search);
    if (next === 0) query.delete('week');
    else query.set('week', String(next));
    setSearch(query, { replace: true, preventScrollReset: true });
  };
  const report = state.status === 'ready' ? state.data : null;
  return (
    <div className={styles.screen} data-testid="invite-weekly">
      <PageHeader title={text.weeklyTitle} fallback="/invite" backTestId="weekly-back" />
      <PullIndicator offset={pull.offset} armed={pull.armed} refreshing={false} />
      <main className={styles.main}>
        <nav className={styles.weekBar} aria-label={text.weeklyTitle}>
          <button
            type="button"
            className={styles.weekButton}
            disabled={weeksAgo >= WEEKLY_REPORT_MAX_WEEKS_AGO}
            onClick={() => go(weeksAgo + 1)}
            data-testid="weekly-previous"
          >
            ‹ {text.previousWeek}
          </button>
          <span className={styles.weekLabel} data-testid="weekly-range">
            <span className={styles.weekKicker}>{weeksAgo === 0 ? text.thisWeek : ' '}</span>
            {report ? text.weekRange(shortDate(report.weekStart), shortDate(report.weekEnd)) : '—'}
          </span>
          <button
            type="button"
            className={styles.weekButton}
            disabled={weeksAgo === 0}
            onClick={() => go(weeksAgo - 1)}
            data-testid="weekly-next"
          >
            {text.nextWeek} ›
          </button>
        </nav>
        {report ? (
          <WeekBody report={report} />
        ) : state.status === 'loading' ? (
          <div className={styles.heroSkeleton} aria-hidden="true" data-testid="weekly-skeleton" />
        ) : (
          <Placeholder type="networkError" onRetry={reload} />
        )}
      </main>
    </div>
  );
}

function WeekBody({ report }: { report: WeeklyReport }) {
  // Monday to Sunday: the weekdays name the points (the dates are in the week bar above).
  const labels = useMemo(() => report.days.map((_, i) => text.weekdays[i] ?? ''), [report]);
  const signUps = useMemo(
    (): ChartData => ({
      kind: 'bars',
      labels,
      series: [
        { name: text.series.signUps, color: COLORS.accent, values: report.days.map((d) => d.signUps) },
      ],
    }),
    [report, labels],
  );
  const activity = useMemo(
    (): ChartData => ({
      kind: 'line',
      labels,
      series: [
        { name: text.series.publishes, color: COLORS.accent, values: report.days.map((d) => d.publishes) },
        { name: text.series.follows, color: COLORS.warm, values: report.days.map((d) => d.follows) },
        { name: text.series.lights, color: COLORS.pink, values: report.days.map((d) => d.lights) },
      ],
    }),
    [report, labels],
  );
  const { totals } = report;
  const empty = totals.signUps === 0 && totals.actions === 0 && totals.rewardPoints === 0;
  return (
    <>
      <section className={styles.weekTotals} data-testid="weekly-totals">
        <WeekTotal label={text.weekTotals.signUps} value={totals.signUps} testId="weekly-signups" />
        <WeekTotal label={text.weekTotals.rewardPoints} value={totals.rewardPoints} testId="weekly-points" />
        <WeekTotal
          label={text.weekTotals.activeInvitees}
          value={totals.activeInvitees}
          testId="weekly-active"
        />
        <WeekTotal label={text.weekTotals.actions} value={totals.actions} testId="weekly-actions" />
      </section>
      {empty ? (
        <p className={`${styles.card} ${styles.note}`} data-testid="weekly-empty">
          {text.weekEmpty}
        </p>
      ) : null}
      <section className={styles.chartCard}>
        <Chart title={text.signUpChart} data={signUps} testId="weekly-signup-chart" />
      </section>
      <section className={styles.chartCard}>
        <Chart title={text.activityChart} data={activity} testId="weekly-activity-chart" />
      </section>
    </>
  );
}

function WeekTotal({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <div className={styles.total}>
      <span className={styles.totalValue} data-testid={testId}>
        {value}
      </span>
      <span className={styles.totalLabel}>{label}</span>
    </div>
  );
}

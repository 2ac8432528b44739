import { WEEKLY_REPORT_MAX_WEEKS_AGO, type WeeklyReport } from '@h5/contract';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { invalidate } from '../../lib/data-layer/cache';
import { useEntry } from '../../lib/data-layer/use-entry';
import { formatTime } from '../../lib/format-time';
import { gatedPrefetch } from '../../lib/gated-prefetch.server';
import { INVITE_TEXT as text } from '../../lib/ui-text/invite';
import { SHELL_TEXT } from '../../lib/ui-text/shell';
import { useNow } from '../../lib/use-now';
import { Chart, type ChartData } from '../../shell/chart/Chart';
import { EntryView, Skeleton } from '../../shell/EntryView';
import { Screen } from '../../shell/Screen';
import screen from '../../shell/screen.module.css';
import type { Route } from './+types/weekly';
import styles from './invite.module.css';
import { Total } from './Total';

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
  const now = useNow();
  const go = (next: number) => {
    const query = new URLSearchParams(search);
    if (next === 0) query.delete('week');
    else query.set('week', String(next));
    setSearch(query, { replace: true, preventScrollReset: true });
  };
  const report = state.status === 'ready' ? state.data : null;
  return (
    <Screen
      title={text.weeklyTitle}
      fallback="/invite"
      backTestId="weekly-back"
      testId="invite-weekly"
      onRefresh={() => invalidate('invite.weeklyReport')}
      refreshing={state.status === 'loading'}
    >
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
          {report
            ? text.weekRange(formatTime(report.weekStart, now, 'day'), formatTime(report.weekEnd, now, 'day'))
            : '—'}
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
      <EntryView state={state} onRetry={reload} skeleton={<Skeleton height={220} testId="weekly-skeleton" />}>
        {(data) => <WeekBody report={data} />}
      </EntryView>
    </Screen>
  );
}

/** The week's two charts: sign-ups as bars, the invitees' publishes, follows and lights as lines. */
function chartsOf(report: WeeklyReport): { signUps: ChartData; activity: ChartData } {
  // Monday to Sunday: the weekdays name the points (the dates are in the week bar above).
  const labels = report.days.map((_, i) => text.weekdays[i] ?? '');
  const series = (name: string, color: string, count: (day: WeeklyReport['days'][number]) => number) => ({
    name,
    color,
    values: report.days.map(count),
  });
  return {
    signUps: { kind: 'bars', labels, series: [series(text.series.signUps, COLORS.accent, (d) => d.signUps)] },
    activity: {
      kind: 'line',
      labels,
      series: [
        series(text.series.publishes, COLORS.accent, (d) => d.publishes),
        series(text.series.follows, COLORS.warm, (d) => d.follows),
        series(text.series.lights, COLORS.pink, (d) => d.lights),
      ],
    },
  };
}

function WeekBody({ report }: { report: WeeklyReport }) {
  const charts = useMemo(() => chartsOf(report), [report]);
  const { totals } = report;
  const empty = totals.signUps === 0 && totals.actions === 0 && totals.rewardPoints === 0;
  return (
    <>
      <section className={styles.weekTotals} data-testid="weekly-totals">
        <Total label={text.weekTotals.signUps} value={totals.signUps} testId="weekly-signups" />
        <Total label={text.weekTotals.rewardPoints} value={totals.rewardPoints} testId="weekly-points" />
        <Total label={text.weekTotals.activeInvitees} value={totals.activeInvitees} testId="weekly-active" />
        <Total label={text.weekTotals.actions} value={totals.actions} testId="weekly-actions" />
      </section>
      {empty ? (
        <p className={styles.noteCard} data-testid="weekly-empty">
          {text.weekEmpty}
        </p>
      ) : null}
      <section className={screen.card}>
        <Chart title={text.signUpChart} data={charts.signUps} testId="weekly-signup-chart" />
      </section>
      <section className={screen.card}>
        <Chart title={text.activityChart} data={charts.activity} testId="weekly-activity-chart" />
      </section>
    </>
  );
}

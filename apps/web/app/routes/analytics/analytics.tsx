import type { EntryOutput } from '@h5/contract';
import { useEntry } from '../../lib/data-layer/use-entry';
import { dataOf, prefetch } from '../../lib/prefetch.server';
import { ANALYTICS_TEXT } from '../../lib/ui-text/analytics';
import { SHELL_TEXT } from '../../lib/ui-text/shell';
import { EntryScreen } from '../../shell/EntryScreen';
import { Placeholder } from '../../shell/Placeholder';
import screen from '../../shell/screen.module.css';
import type { Route } from './+types/analytics';
import styles from './analytics.module.css';
import { chartGeometry } from './chart';
import { FilterChips } from './FilterChips';

const BUCKETS = ['minute', 'hour', 'day'] as const;
type Bucket = (typeof BUCKETS)[number];
const SPAN: Record<Bucket, number> = { minute: 60, hour: 24, day: 14 };
const CHART = { width: 320, height: 160 };
const COLOURS = ['var(--color-accent)', '#e07a2f', '#5b6ee1', '#c94f7c', '#7a8b99'];

/** Internal page (not in `pro`): analytics events per time bucket, one line per event. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const asked = new URL(request.url).searchParams.get('bucket');
  const bucket: Bucket = BUCKETS.find((b) => b === asked) ?? 'hour';
  const counts = await prefetch(context, 'analytics.eventCounts', { bucket, span: SPAN[bucket] });
  return { bucket, counts: dataOf(counts) };
}

export const meta: Route.MetaFunction = () => [
  { title: `${ANALYTICS_TEXT.analyticsTitle} · ${SHELL_TEXT.siteTitle}` },
  { name: 'robots', content: 'noindex' },
];

const label = (event: string) => ANALYTICS_TEXT.events[event] ?? event;
const tick = (iso: string, bucket: Bucket) => {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return bucket === 'day'
    ? `${d.getMonth() + 1}/${d.getDate()}`
    : `${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

type EventCounts = EntryOutput<'analytics.eventCounts'>;

export default function AnalyticsScreen({ loaderData }: Route.ComponentProps) {
  const { bucket } = loaderData;
  const chips = BUCKETS.map((b) => ({
    key: b,
    to: `?bucket=${b}`,
    label: ANALYTICS_TEXT.buckets[b],
    current: b === bucket,
  }));
  return (
    <EntryScreen
      title={ANALYTICS_TEXT.analyticsTitle}
      entry={useEntry('analytics.eventCounts', { bucket, span: SPAN[bucket] }, loaderData.counts)}
      refresh="analytics.eventCounts"
      head={<FilterChips label={ANALYTICS_TEXT.bucketLabel} chips={chips} />}
      skeleton={<Placeholder type="loading" />}
    >
      {(data) => <AnalyticsChart bucket={bucket} counts={data} />}
    </EntryScreen>
  );
}

/** The events of the bucket: one line each over the span, and their totals. */
function AnalyticsChart({ bucket, counts }: { bucket: Bucket; counts: EventCounts }) {
  const { buckets, series, total } = counts;
  const geometry = chartGeometry(series, CHART.width, CHART.height);
  return (
    <section className={screen.card} data-testid="analytics-chart" data-total={total}>
      <p className={styles.total}>{ANALYTICS_TEXT.total(total)}</p>
      {total === 0 ? (
        <Placeholder type="empty" />
      ) : (
        <>
          <svg
            className={styles.chart}
            viewBox={`-28 -8 ${CHART.width + 36} ${CHART.height + 28}`}
            role="img"
            aria-label={ANALYTICS_TEXT.chartLabel(ANALYTICS_TEXT.buckets[bucket])}
          >
            {geometry.grid.map((line) => (
              <g key={line.y}>
                <line x1={0} x2={CHART.width} y1={line.y} y2={line.y} className={styles.grid} />
                <text x={-6} y={line.y + 4} className={styles.axis} textAnchor="end">
                  {line.value}
                </text>
              </g>
            ))}
            {geometry.lines.map((points, i) => (
              <polyline
                key={series[i]?.event}
                points={points}
                fill="none"
                stroke={COLOURS[i % COLOURS.length]}
                strokeWidth={2}
                strokeLinejoin="round"
              />
            ))}
            <text x={0} y={CHART.height + 18} className={styles.axis}>
              {buckets[0] ? tick(buckets[0], bucket) : ''}
            </text>
            <text x={CHART.width} y={CHART.height + 18} className={styles.axis} textAnchor="end">
              {buckets.at(-1) ? tick(buckets.at(-1) as string, bucket) : ''}
            </text>
          </svg>
          <ul className={styles.legend}>
            {series.map((s, i) => (
              <li key={s.event} data-event={s.event} data-count={s.counts.reduce((a, b) => a + b, 0)}>
                <span className={styles.swatch} style={{ background: COLOURS[i % COLOURS.length] }} />
                {label(s.event)}
                <strong>{s.counts.reduce((a, b) => a + b, 0)}</strong>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

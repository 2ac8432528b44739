import { type EntryOutput, idSchema, type TelemetryKind, telemetryKindSchema } from '@h5/contract';
import { Link } from 'react-router';
import { useEntry } from '../../lib/data-layer/use-entry';
import { dataOf, prefetch } from '../../lib/prefetch.server';
import { ANALYTICS_TEXT } from '../../lib/ui-text/analytics';
import { SHELL_TEXT } from '../../lib/ui-text/shell';
import { EntryScreen } from '../../shell/EntryScreen';
import { Placeholder } from '../../shell/Placeholder';
import { TimeText } from '../../shell/TimeText';
import type { Route } from './+types/telemetry';
import { FilterChips } from './FilterChips';
import styles from './telemetry.module.css';

const PAGE_SIZE = 20;

type TelemetryPage = EntryOutput<'analytics.listTelemetry'>;

function kindOf(value: string | null): TelemetryKind | undefined {
  const parsed = telemetryKindSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** Internal page (not in `pro`): the telemetry the clients reported, newest first, by kind. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  const kind = kindOf(search.get('kind'));
  // The contract's id rule: any other cursor (past an integer column, not a number) is the first page.
  const cursor = idSchema.safeParse(search.get('cursor')).data;
  const page = await prefetch(context, 'analytics.listTelemetry', { kind, cursor, limit: PAGE_SIZE });
  return { kind: kind ?? null, cursor: cursor ?? null, page: dataOf(page) };
}

export const meta: Route.MetaFunction = () => [
  { title: `${ANALYTICS_TEXT.telemetryTitle} · ${SHELL_TEXT.siteTitle}` },
  { name: 'robots', content: 'noindex' },
];

const hrefFor = (kind: TelemetryKind | null, cursor?: number) => {
  const search = new URLSearchParams();
  if (kind) search.set('kind', kind);
  if (cursor) search.set('cursor', String(cursor));
  const text = search.toString();
  return text ? `?${text}` : '?';
};

const KINDS: readonly (TelemetryKind | null)[] = [null, ...telemetryKindSchema.options];

export default function TelemetryScreen({ loaderData }: Route.ComponentProps) {
  const { kind, cursor } = loaderData;
  const input = { kind: kind ?? undefined, cursor: cursor ?? undefined, limit: PAGE_SIZE };
  const chips = KINDS.map((k) => ({
    key: k ?? 'all',
    to: hrefFor(k),
    label: k ? ANALYTICS_TEXT.kinds[k] : ANALYTICS_TEXT.all,
    current: k === kind,
  }));
  return (
    <EntryScreen
      title={ANALYTICS_TEXT.telemetryTitle}
      entry={useEntry('analytics.listTelemetry', input, loaderData.page)}
      refresh="analytics.listTelemetry"
      head={<FilterChips label={ANALYTICS_TEXT.filterLabel} chips={chips} />}
      skeleton={<Placeholder type="loading" />}
    >
      {(data) => <TelemetryList kind={kind} cursor={cursor} page={data} />}
    </EntryScreen>
  );
}

/** A page of reports, newest first, and the way to the next page and back to the first. */
function TelemetryList({
  kind,
  cursor,
  page,
}: {
  kind: TelemetryKind | null;
  cursor: number | null;
  page: TelemetryPage;
}) {
  const { list, nextCursor } = page;
  return (
    <>
      {list.length === 0 ? <Placeholder type="empty" /> : null}
      <ol className={styles.reports} data-testid="telemetry-list">
        {list.map((report) => (
          <li
            key={report.id}
            className={styles.report}
            data-testid="telemetry-report"
            data-kind={report.kind}
          >
            <div className={styles.head}>
              <span className={styles.kind}>{ANALYTICS_TEXT.kinds[report.kind]}</span>
              <TimeText at={report.createdAt} className={styles.time} />
            </div>
            <p className={styles.message}>{report.message}</p>
            {report.detail ? <pre className={styles.detail}>{report.detail}</pre> : null}
            <dl className={styles.meta}>
              <dt>{ANALYTICS_TEXT.page}</dt>
              <dd>{report.pageUrl}</dd>
              {report.flowType ? (
                <>
                  <dt>{ANALYTICS_TEXT.flowType}</dt>
                  <dd data-testid="telemetry-flow-type">{report.flowType}</dd>
                </>
              ) : null}
              {report.userAgent ? (
                <>
                  <dt>{ANALYTICS_TEXT.userAgent}</dt>
                  <dd>{report.userAgent}</dd>
                </>
              ) : null}
              {report.clientId ? (
                <>
                  <dt>{ANALYTICS_TEXT.client}</dt>
                  <dd data-testid="telemetry-client">
                    {report.clientId} {report.release}
                  </dd>
                </>
              ) : null}
              {report.anonymousId ? (
                <>
                  <dt>{ANALYTICS_TEXT.anonymousId}</dt>
                  <dd data-testid="telemetry-anonymous-id">{report.anonymousId}</dd>
                </>
              ) : null}
            </dl>
          </li>
        ))}
      </ol>
      <div className={styles.pager}>
        {cursor ? (
          <Link to={hrefFor(kind)} className={styles.chip}>
            {ANALYTICS_TEXT.first}
          </Link>
        ) : null}
        {nextCursor ? (
          <Link to={hrefFor(kind, nextCursor)} className={styles.chip} data-testid="telemetry-next">
            {ANALYTICS_TEXT.next}
          </Link>
        ) : null}
      </div>
    </>
  );
}

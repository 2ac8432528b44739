import type { DataCenterPeriod } from '@h5/contract';
import { useSearchParams } from 'react-router';
import { invalidate } from '../../lib/data-layer/cache';
import { useEntry } from '../../lib/data-layer/use-entry';
import { useInfinite } from '../../lib/data-layer/use-infinite';
import { gatedPrefetch } from '../../lib/gated-prefetch.server';
import { dataOf, prefetch } from '../../lib/prefetch.server';
import { CREATOR_TEXT as text } from '../../lib/ui-text/creator';
import { SHELL_TEXT } from '../../lib/ui-text/shell';
import { Screen } from '../../shell/Screen';
import type { Route } from './+types/data-center';
import { ContentFigures, type SortKey } from './ContentFigures';
import { FansPortraitCard } from './FansPortraitCard';
import { PeriodTabs } from './PeriodTabs';
import { periodOf } from './period';
import { SummaryCard } from './SummaryCard';

const LIST_PAGE_SIZE = 10;

/** Login only: a visitor goes to /login (the native login in the app); the period's data is prefetched. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const period = periodOf(url.searchParams);
  const sort = sortOf(url.searchParams);
  const summary = await gatedPrefetch(request, context, 'creator.dataCenterSummery', { period });
  const [list, portrait] = await Promise.all([
    prefetch(context, 'creator.dataCenterContentList', { period, sort, limit: LIST_PAGE_SIZE }),
    prefetch(context, 'creator.dataCenterFansPortrait', {}),
  ]);
  return { period, sort, summary: summary.data, list: dataOf(list), portrait: dataOf(portrait) };
}

/** Switching period or order changes only the query: the screen loads what it lacks itself. */
export const shouldRevalidate = ({ currentUrl, nextUrl }: { currentUrl: URL; nextUrl: URL }) =>
  currentUrl.pathname !== nextUrl.pathname;

export const meta: Route.MetaFunction = () => [{ title: `${text.dataCentre} · ${SHELL_TEXT.siteTitle}` }];

function sortOf(search: URLSearchParams): SortKey {
  const sort = search.get('sort');
  return sort === 'lights' || sort === 'newest' ? sort : 'views';
}

/** The data centre: period tabs, the overview, the contents with their figures, the fans portrait. */
export default function DataCentre({ loaderData }: Route.ComponentProps) {
  const [search, setSearch] = useSearchParams();
  const period = periodOf(search);
  const sort = sortOf(search);
  // The loader ran for the URL's first period and order; another one loads in the browser.
  const loaded = loaderData.period === period;
  const [summary, loadSummary] = useEntry(
    'creator.dataCenterSummery',
    { period },
    loaded ? loaderData.summary : null,
    { errorToast: false },
  );
  const list = useInfinite(
    'creator.dataCenterContentList',
    { period, sort, limit: LIST_PAGE_SIZE },
    loaded && loaderData.sort === sort ? loaderData.list : null,
    (item) => item.contentId,
  );
  const [portrait, loadPortrait] = useEntry('creator.dataCenterFansPortrait', {}, loaderData.portrait, {
    errorToast: false,
  });
  const choose = (next: { period?: DataCenterPeriod; sort?: SortKey }) => {
    const query = new URLSearchParams(search);
    if (next.period) query.set('period', String(next.period));
    if (next.sort) query.set('sort', next.sort);
    setSearch(query, { replace: true, preventScrollReset: true });
  };

  return (
    <Screen
      title={text.dataCentre}
      testId="data-centre"
      onRefresh={() => invalidate('creator')}
      refreshing={list.state.loading === 'refresh'}
    >
      <PeriodTabs period={period} label={text.overview} onChoose={(p) => choose({ period: p })} />
      <SummaryCard state={summary} onRetry={loadSummary} />
      <ContentFigures list={list} period={period} sort={sort} onSort={(s) => choose({ sort: s })} />
      <FansPortraitCard state={portrait} onRetry={loadPortrait} />
    </Screen>
  );
}

import type { PickedContent, PickReportPage } from '@h5/contract';
import { formatCount, optimiseImageUrl } from '@h5/core';
import { Link } from 'react-router';
import { invalidate } from '../../lib/data-layer/cache';
import { isCached, useInfinite } from '../../lib/data-layer/use-infinite';
import { gatedPrefetch } from '../../lib/gated-prefetch.server';
import { PICK_TEXT as text } from '../../lib/ui-text/invite-tasks';
import { SHELL_TEXT } from '../../lib/ui-text/shell';
import { useLowDevice } from '../../lib/use-low-device';
import { PagedListView } from '../../shell/PagedListView';
import { Screen } from '../../shell/Screen';
import shell from '../../shell/screen.module.css';
import { TimeText } from '../../shell/TimeText';
import type { Route } from './+types/pick-report';
import styles from './pick-report.module.css';

const PAGE_SIZE = 20;
const COVER_WIDTH = 160;

export const meta: Route.MetaFunction = () => [{ title: `${text.title} · ${SHELL_TEXT.siteTitle}` }];

/** Login only: page 1 prefetched with the page request's session; a visitor goes to the login first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const prefetched = await gatedPrefetch(request, context, 'invite.pickReport', { limit: PAGE_SIZE });
  return { page: prefetched.data };
}

/** Back to the report answers from the cache (decision record 005). */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  if (isCached('invite.pickReport', { limit: PAGE_SIZE })) return { page: null };
  return serverLoader();
}

const contentIdOf = (item: PickedContent) => item.contentId;

/** The pick report (issue 18 point 3): the creator's contents picked as featured, newest pick first, infinite. */
export default function PickReport({ loaderData }: Route.ComponentProps) {
  const list = useInfinite('invite.pickReport', { limit: PAGE_SIZE }, loaderData.page, contentIdOf);
  const total = (list.state.last as PickReportPage | null)?.total;
  return (
    <Screen
      title={text.title}
      fallback="/creator/upgrade"
      backTestId="pick-report-back"
      testId="pick-report"
      onRefresh={() => invalidate('invite.pickReport')}
      refreshing={list.state.loading !== null}
    >
      {total !== undefined && total > 0 ? (
        <section className={shell.hero} data-testid="pick-report-summary">
          <p className={shell.heroLevel}>{text.summary(total)}</p>
          <p className={shell.heroNote}>{text.summaryNote}</p>
        </section>
      ) : null}
      <PagedListView list={list} emptyText={text.empty} skeleton={<ReportSkeleton />}>
        {(items) => (
          <ul className={shell.cardList} data-testid="pick-report-list">
            {items.map((item) => (
              <PickRow key={item.contentId} item={item} />
            ))}
          </ul>
        )}
      </PagedListView>
    </Screen>
  );
}

function PickRow({ item }: { item: PickedContent }) {
  const lowDevice = useLowDevice();
  return (
    <li>
      <Link
        className={shell.mediaCard}
        to={`/community/content/${item.contentId}`}
        data-testid="pick-report-item"
        data-content-id={item.contentId}
      >
        {item.cover ? (
          <img
            className={styles.cover}
            src={optimiseImageUrl(item.cover.url, { width: COVER_WIDTH, lowDevice })}
            width={72}
            height={96}
            alt=""
            loading="lazy"
          />
        ) : (
          <span className={styles.coverText} aria-hidden="true">
            {item.title.slice(0, 1)}
          </span>
        )}
        <span className={styles.body}>
          <span className={styles.title}>{item.title}</span>
          <span className={styles.meta}>
            <span className={styles.source} data-source={item.source}>
              {text.sources[item.source]}
            </span>
            <TimeText at={item.pickedAt} format={text.pickedAt} />
          </span>
          <span className={styles.figures} data-testid="pick-report-figures">
            <Figure label={text.views} value={item.views} />
            <Figure label={text.lights} value={item.lights} />
            <Figure label={text.comments} value={item.comments} />
          </span>
        </span>
      </Link>
    </li>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <span className={styles.figure}>
      <span className={styles.figureValue}>{formatCount(value)}</span>
      <span className={styles.figureLabel}>{label}</span>
    </span>
  );
}

function ReportSkeleton() {
  return (
    <div className={shell.cardList} data-testid="pick-report-skeleton" aria-hidden="true">
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className={shell.skeleton} />
      ))}
    </div>
  );
}

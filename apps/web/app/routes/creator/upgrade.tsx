import type { FlexibleStaffing, UpgradeFigures, UpgradeView } from '@h5/contract';
import { CREATOR_LEVEL_TITLES } from '@h5/core';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { invalidate, peek } from '../../lib/data-layer/cache';
import { useEntry } from '../../lib/data-layer/use-entry';
import { useInfinite } from '../../lib/data-layer/use-infinite';
import { gatedPrefetch } from '../../lib/gated-prefetch.server';
import { dataOf, prefetch } from '../../lib/prefetch.server';
import { COMMISSION_TEXT } from '../../lib/ui-text/commerce';
import { UPGRADE_TEXT as text } from '../../lib/ui-text/creator-upgrade';
import { SHELL_TEXT } from '../../lib/ui-text/shell';
import { PageHeader } from '../../shell/PageHeader';
import { Placeholder } from '../../shell/Placeholder';
import { PullIndicator } from '../../shell/PullIndicator';
import styles from '../../shell/screen.module.css';
import { Toast } from '../../shell/Toast';
import { usePullToRefresh } from '../../shell/use-pull-to-refresh';
import { useToast } from '../../shell/use-toast';
import type { Route } from './+types/upgrade';
import { StaffingCard } from './StaffingCard';
import { UpgradeAwards } from './UpgradeAwards';
import { RECORD_PAGE, UpgradeRecords } from './UpgradeRecords';
import { useReceiveAward, VIEW_KEY } from './use-receive-award';

export const meta: Route.MetaFunction = () => [{ title: `${text.title} · ${SHELL_TEXT.siteTitle}` }];

/** A visitor goes to the login first; the view and the staffing state are prefetched. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const view = await gatedPrefetch(request, context, 'creator.upgradeView', {});
  const staffing = dataOf(await prefetch(context, 'creator.flexibleStaffing', {}));
  return { view: view.data, staffing };
}

const FIGURES: ReadonlyArray<keyof UpgradeFigures> = ['publications', 'qualityContents', 'lights'];
const receiptId = (r: { receiptId: number }) => r.receiptId;

/** The upgrade programme (issue 15 points 2 and 4): level, progress, awards, staffing, records. */
export default function UpgradeScreen({ loaderData }: Route.ComponentProps) {
  // The loader's data seeds the first render; after a write or a refresh the cache speaks.
  const [seeded, setSeeded] = useState(true);
  const [viewState, reloadView] = useEntry('creator.upgradeView', {}, seeded ? loaderData.view : null);
  const [staffingState, reloadStaffing] = useEntry(
    'creator.flexibleStaffing',
    {},
    seeded ? loaderData.staffing : null,
  );
  const receipts = useInfinite('creator.awardRecord', RECORD_PAGE, null, receiptId);
  const [toast, showToast] = useToast();
  const refresh = useCallback(() => {
    setSeeded(false);
    invalidate('creator');
    reloadView();
    reloadStaffing();
    receipts.refresh();
  }, [reloadView, reloadStaffing, receipts]);
  const pull = usePullToRefresh(refresh, viewState.status !== 'loading');
  const staffing: FlexibleStaffing | null = staffingState.status === 'ready' ? staffingState.data : null;

  return (
    <div className={styles.screen} data-testid="creator-upgrade">
      <PageHeader title={text.title} fallback="/" backTestId="upgrade-back" />
      <PullIndicator offset={pull.offset} armed={pull.armed} refreshing={false} />
      <main className={styles.main}>
        {viewState.status === 'ready' ? (
          <UpgradeBody
            view={viewState.data}
            staffing={staffing}
            toast={showToast}
            onChanged={() => {
              setSeeded(false);
              receipts.refresh();
              // A refused receive dropped the view (another tab received it): load it again.
              if (!peek(VIEW_KEY)) reloadView();
            }}
          />
        ) : viewState.status === 'loading' ? (
          <>
            <div className={styles.skeleton} data-testid="upgrade-skeleton" />
            <div className={styles.skeleton} />
          </>
        ) : (
          <Placeholder type="networkError" onRetry={reloadView} />
        )}
        <UpgradeRecords receipts={receipts} />
      </main>
      <Toast message={toast} testId="upgrade-toast" />
    </div>
  );
}

function UpgradeBody({
  view,
  staffing,
  toast,
  onChanged,
}: {
  view: UpgradeView;
  staffing: FlexibleStaffing | null;
  toast: (message: string) => void;
  onChanged: () => void;
}) {
  const { receive, busy } = useReceiveAward(view, onChanged, toast);
  return (
    <>
      <section className={styles.hero} data-testid="upgrade-level">
        <p className={styles.heroLevel}>{view.level.title}</p>
        <p className={styles.heroNote}>{view.season ? text.season(view.season.title) : text.noSeason}</p>
      </section>
      <section className={styles.card} aria-labelledby="progress-title">
        <div className={styles.sectionHead}>
          <h2 className={styles.sectionTitle} id="progress-title">
            {view.next ? text.nextLevel(view.next.title) : text.topLevel}
          </h2>
        </div>
        <div className={styles.figures} data-testid="upgrade-progress">
          {FIGURES.map((key) => {
            const have = view.progress[key];
            const need = view.next?.requirements[key] ?? have;
            return (
              <div key={key} className={styles.figure} data-testid={`figure-${key}`}>
                <span>{text[key]}</span>
                <span>
                  {have}
                  {view.next ? ` / ${need}` : ''}
                </span>
                <span className={styles.bar} aria-hidden="true">
                  <span
                    className={styles.barFill}
                    style={{ width: `${need === 0 ? 100 : Math.min(100, (have / need) * 100)}%` }}
                  />
                </span>
              </div>
            );
          })}
        </div>
      </section>
      <UpgradeAwards
        awards={view.awards}
        levelTitle={(level) => CREATOR_LEVEL_TITLES[level] ?? `Lv${level}`}
        busy={busy}
        onReceive={(id) => void receive(id)}
      />
      <StaffingCard staffing={staffing} />
      <Link className={styles.linkCard} to="/commerce/commission" data-testid="commission-entry">
        <span className={styles.sectionTitle}>{COMMISSION_TEXT.entry}</span>
        <span className={styles.note}> · {COMMISSION_TEXT.entryNote}</span>
      </Link>
    </>
  );
}

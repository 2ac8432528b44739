import type { FlexibleStaffing, UpgradeFigures, UpgradeView } from '@h5/contract';
import { CREATOR_LEVEL_TITLES } from '@h5/core';
import { Link } from 'react-router';
import { invalidate } from '../../lib/data-layer/cache';
import { putEntry } from '../../lib/data-layer/put-entry';
import { useEntry } from '../../lib/data-layer/use-entry';
import { gatedPrefetch } from '../../lib/gated-prefetch.server';
import { dataOf, prefetch } from '../../lib/prefetch.server';
import { COMMISSION_TEXT } from '../../lib/ui-text/commerce';
import { UPGRADE_TEXT as text } from '../../lib/ui-text/creator-upgrade';
import { SHELL_TEXT } from '../../lib/ui-text/shell';
import { useAction } from '../../lib/use-action';
import { ProgressBar } from '../../shell/ActionRow';
import { EntryView, Skeleton } from '../../shell/EntryView';
import { Screen } from '../../shell/Screen';
import { SectionCard } from '../../shell/SectionCard';
import styles from '../../shell/screen.module.css';
import { Toast } from '../../shell/Toast';
import { useToast } from '../../shell/use-toast';
import type { Route } from './+types/upgrade';
import { StaffingCard } from './StaffingCard';
import { UpgradeAwards } from './UpgradeAwards';
import { UpgradeRecords } from './UpgradeRecords';

export const meta: Route.MetaFunction = () => [{ title: `${text.title} · ${SHELL_TEXT.siteTitle}` }];

/** A visitor goes to the login first; the view and the staffing state are prefetched. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const view = await gatedPrefetch(request, context, 'creator.upgradeView', {});
  const staffing = dataOf(await prefetch(context, 'creator.flexibleStaffing', {}));
  return { view: view.data, staffing };
}

const FIGURES: ReadonlyArray<keyof UpgradeFigures> = ['publications', 'qualityContents', 'lights'];

/** The upgrade programme (issue 15 points 2 and 4): level, progress, awards, staffing, records. */
export default function UpgradeScreen({ loaderData }: Route.ComponentProps) {
  const [view, reloadView] = useEntry('creator.upgradeView', {}, loaderData.view);
  const [staffing] = useEntry('creator.flexibleStaffing', {}, loaderData.staffing);
  const [toast, showToast] = useToast();
  return (
    <Screen
      title={text.title}
      backTestId="upgrade-back"
      testId="creator-upgrade"
      onRefresh={() => invalidate('creator')}
      refreshing={view.status === 'loading'}
      after={<Toast message={toast} testId="upgrade-toast" />}
    >
      <EntryView
        state={view}
        onRetry={reloadView}
        skeleton={<Skeleton count={2} testId="upgrade-skeleton" />}
      >
        {(data) => (
          <UpgradeBody
            view={data}
            staffing={staffing.status === 'ready' ? staffing.data : null}
            toast={showToast}
          />
        )}
      </EntryView>
      <UpgradeRecords />
    </Screen>
  );
}

function UpgradeBody({
  view,
  staffing,
  toast,
}: {
  view: UpgradeView;
  staffing: FlexibleStaffing | null;
  toast: (message: string) => void;
}) {
  // One receive per award at a time; the award shows received at once (the answer's time), and
  // the view and the records load again: after a refusal (another tab received it) the view catches up.
  const receive = useAction('creator.awardReceive', {
    invalidates: ['creator.upgradeView', 'creator.awardRecord'],
    onDone: (receipt, { awardId }) => {
      const awards = view.awards.map((a) =>
        a.awardId === awardId ? { ...a, state: 'received' as const, receivedAt: receipt.receivedAt } : a,
      );
      putEntry('creator.upgradeView', {}, { ...view, awards });
      toast(text.receivedToast(receipt.title));
    },
    onError: toast,
  });
  return (
    <>
      <section className={styles.hero} data-testid="upgrade-level">
        <p className={styles.heroLevel}>{view.level.title}</p>
        <p className={styles.heroNote}>{view.season ? text.season(view.season.title) : text.noSeason}</p>
      </section>
      <SectionCard title={view.next ? text.nextLevel(view.next.title) : text.topLevel}>
        {view.next ? <UpgradeGap view={view} /> : null}
        <div className={styles.figures} data-testid="upgrade-progress">
          {FIGURES.map((key) => {
            const have = view.progress[key];
            const need = view.next?.requirements[key] ?? have;
            const met = have >= need;
            return (
              <div key={key} className={styles.figure} data-testid={`figure-${key}`} data-met={met}>
                <span>{text[key]}</span>
                <span>
                  {have}
                  {view.next ? ` / ${need}` : ''}
                  {view.next && met ? <span className={styles.note}> · {text.met}</span> : null}
                </span>
                {/* Nothing asked (a requirement of 0, the top level with nothing yet) is met. */}
                <ProgressBar value={need === 0 ? 1 : have} target={need || 1} />
              </div>
            );
          })}
        </div>
      </SectionCard>
      <UpgradeAwards
        awards={view.awards}
        levelTitle={(level) => CREATOR_LEVEL_TITLES[level] ?? `Lv${level}`}
        busy={receive.busyKey}
        onReceive={(awardId) => void receive.run({ awardId }, awardId)}
      />
      <StaffingCard staffing={staffing} />
      <Link className={styles.linkCard} to="/commerce/commission" data-testid="commission-entry">
        <span className={styles.sectionTitle}>{COMMISSION_TEXT.entry}</span>
        <span className={styles.note}> · {COMMISSION_TEXT.entryNote}</span>
      </Link>
    </>
  );
}

/**
 * What exactly stands between the creator and the next level (issue 28 point 6): the unmet
 * figures, each with how many more, so bars already past their target do not read as the gap.
 */
function UpgradeGap({ view }: { view: UpgradeView }) {
  const next = view.next;
  if (!next) return null;
  const unmet = FIGURES.filter((key) => view.progress[key] < next.requirements[key]);
  return (
    <p className={styles.note} data-testid="upgrade-gap">
      {unmet.length === 0
        ? text.gapNone
        : text.gap(unmet.map((key) => text.gapItem(key, next.requirements[key] - view.progress[key])))}
    </p>
  );
}

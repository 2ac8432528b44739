import { useCallback, useState } from 'react';
import { invalidate } from '../../lib/data-layer/cache';
import { useEntry } from '../../lib/data-layer/use-entry';
import { gatedPrefetch } from '../../lib/gated-prefetch.server';
import { callContext, liveContextOf, useLiveContext } from '../../lib/live-context';
import { LIVE_TEXT as text } from '../../lib/ui-text/live';
import { SHELL_TEXT } from '../../lib/ui-text/shell';
import { PageHeader } from '../../shell/PageHeader';
import { Placeholder } from '../../shell/Placeholder';
import { PullIndicator } from '../../shell/PullIndicator';
import styles from '../../shell/screen.module.css';
import { Toast } from '../../shell/Toast';
import { usePullToRefresh } from '../../shell/use-pull-to-refresh';
import { useToast } from '../../shell/use-toast';
import type { Route } from './+types/host';
import { HostRanks } from './FansRanks';
import { GroupManage } from './GroupManage';
import { Credit, DailyTasks, HostLevel, HostTasks } from './HostPanels';

export const meta: Route.MetaFunction = () => [{ title: `${text.hostTitle} · ${SHELL_TEXT.siteTitle}` }];

/** A visitor goes to the login first; the level (with the host's group) is prefetched with the page's live context. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const live = callContext(liveContextOf(new URL(request.url).search));
  const level = await gatedPrefetch(request, context, 'live.levelInfo', live);
  return { level: level.data, refusal: level.error };
}

/** The host centre (issue 16 point 5): level and privileges, experience tasks, daily tasks, credit, the group and its ranks. */
export default function HostCentre({ loaderData }: Route.ComponentProps) {
  const context = callContext(useLiveContext());
  const [seeded, setSeeded] = useState(true);
  const [version, setVersion] = useState(0);
  const [state, reload] = useEntry('live.levelInfo', context, seeded ? loaderData.level : null);
  const [toast, showToast] = useToast();
  const refresh = useCallback(() => {
    setSeeded(false);
    invalidate('live');
    reload();
    setVersion((v) => v + 1);
  }, [reload]);
  const pull = usePullToRefresh(refresh, state.status !== 'loading');
  const refusal = seeded
    ? loaderData.refusal
    : state.status === 'failed' && state.error instanceof Error
      ? state.error.message
      : null;
  return (
    <div className={styles.screen} data-testid="live-host">
      <PageHeader title={text.hostTitle} fallback="/" backTestId="live-host-back" />
      <PullIndicator offset={pull.offset} armed={pull.armed} refreshing={false} />
      <main className={styles.main}>
        {state.status === 'ready' ? (
          <div key={version} style={{ display: 'contents' }}>
            <HostLevel info={state.data} />
            <HostTasks context={context} />
            <DailyTasks context={context} />
            <GroupManage
              context={context}
              name={state.data.group.name}
              memberCount={state.data.group.memberCount}
              onRenamed={refresh}
              toast={showToast}
            />
            <HostRanks context={context} />
            <Credit context={context} />
          </div>
        ) : refusal ? (
          <Placeholder type="empty" text={refusal} home />
        ) : state.status === 'loading' ? (
          <>
            <div className={styles.skeleton} data-testid="live-host-skeleton" />
            <div className={styles.skeleton} />
          </>
        ) : (
          <Placeholder type="networkError" onRetry={reload} />
        )}
      </main>
      <Toast message={toast} testId="live-toast" />
    </div>
  );
}

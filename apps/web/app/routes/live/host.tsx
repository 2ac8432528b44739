import { invalidate } from '../../lib/data-layer/cache';
import { useEntry } from '../../lib/data-layer/use-entry';
import { businessRefusal } from '../../lib/failure';
import { gatedPrefetch } from '../../lib/gated-prefetch.server';
import { callContext, liveContextOf, useLiveContext } from '../../lib/live-context';
import { LIVE_TEXT as text } from '../../lib/ui-text/live';
import { SHELL_TEXT } from '../../lib/ui-text/shell';
import { EntryView } from '../../shell/EntryView';
import { Placeholder } from '../../shell/Placeholder';
import { Screen } from '../../shell/Screen';
import styles from '../../shell/screen.module.css';
import { Toast } from '../../shell/Toast';
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
  const [state, reload] = useEntry('live.levelInfo', context, loaderData.level);
  const [toast, showToast] = useToast();
  return (
    <Screen
      title={text.hostTitle}
      backTestId="live-host-back"
      testId="live-host"
      onRefresh={() => invalidate('live')}
      refreshing={state.status === 'loading'}
      after={<Toast message={toast} testId="live-toast" />}
    >
      {loaderData.refusal && state.status !== 'ready' ? (
        <Placeholder type="empty" text={loaderData.refusal} home />
      ) : (
        <EntryView
          state={state}
          onRetry={reload}
          refusal={businessRefusal}
          skeleton={
            <>
              <div className={styles.skeleton} data-testid="live-host-skeleton" />
              <div className={styles.skeleton} />
            </>
          }
        >
          {(level) => (
            <>
              <HostLevel info={level} />
              <HostTasks context={context} />
              <DailyTasks context={context} />
              <GroupManage
                context={context}
                name={level.group.name}
                memberCount={level.group.memberCount}
                toast={showToast}
              />
              <HostRanks context={context} />
              <Credit context={context} />
            </>
          )}
        </EntryView>
      )}
    </Screen>
  );
}

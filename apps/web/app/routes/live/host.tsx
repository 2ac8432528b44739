import { useEntry } from '../../lib/data-layer/use-entry';
import { businessRefusal } from '../../lib/failure';
import { gatedPrefetch } from '../../lib/gated-prefetch.server';
import { callContext, liveContextOf, useLiveContext } from '../../lib/live-context';
import { LIVE_TEXT as text } from '../../lib/ui-text/live';
import { SHELL_TEXT } from '../../lib/ui-text/shell';
import { EntryScreen } from '../../shell/EntryScreen';
import { Skeleton } from '../../shell/EntryView';
import { Placeholder } from '../../shell/Placeholder';
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
  const entry = useEntry('live.levelInfo', context, loaderData.level);
  const [toast, showToast] = useToast();
  return (
    <EntryScreen
      title={text.hostTitle}
      backTestId="live-host-back"
      testId="live-host"
      entry={entry}
      refresh="live"
      after={<Toast message={toast} testId="live-toast" />}
      refusal={businessRefusal}
      skeleton={
        // The server's refusal (not a host) shows until the browser's own answer says it again.
        loaderData.refusal ? (
          <Placeholder type="empty" text={loaderData.refusal} home />
        ) : (
          <Skeleton count={2} testId="live-host-skeleton" />
        )
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
    </EntryScreen>
  );
}

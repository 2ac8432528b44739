import type { FansGroupInfo, LiveContext } from '@h5/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { useEntry } from '../../lib/data-layer/use-entry';
import { failureMessage } from '../../lib/failure';
import { callContext, liveContextOf, liveSearch, useLiveContext } from '../../lib/live-context';
import { dataOf, prefetch } from '../../lib/prefetch.server';
import { useRootData } from '../../lib/root-data';
import { LIVE_TEXT as text } from '../../lib/ui-text/live';
import { SHELL_TEXT } from '../../lib/ui-text/shell';
import { useApi } from '../../lib/use-api';
import { EntryScreen } from '../../shell/EntryScreen';
import { Skeleton } from '../../shell/EntryView';
import { Placeholder } from '../../shell/Placeholder';
import { Screen } from '../../shell/Screen';
import styles from '../../shell/screen.module.css';
import { Toast } from '../../shell/Toast';
import { useToast } from '../../shell/use-toast';
import type { Route } from './+types/fans-group';
import { AudienceRanks, HostRanks } from './FansRanks';
import { GroupManage } from './GroupManage';
import { Allowances, LevelGifts } from './LevelBenefits';
import live from './live.module.css';
import { openLive } from './open-live';
import { trackLiveAction } from './track-live';
import { WeekTasks } from './WeekTasks';

export const meta: Route.MetaFunction = () => [{ title: `${text.fansTitle} · ${SHELL_TEXT.siteTitle}` }];

/** The group of the page's stream, prefetched (a public call: visitors see it too). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const live = callContext(liveContextOf(new URL(request.url).search));
  if (live.streamId === undefined) return { info: null };
  return {
    info: dataOf(await prefetch(context, 'live.fansGroupInfo', { ...live, streamId: live.streamId })),
  };
}

/**
 * The fans group page (issue 16 point 5), for the page's `streamId`. With `userRole=1` the host's
 * view (rename, ranks) for the stream's host; otherwise the audience's: membership, tasks,
 * allowance, gifts, ranks.
 */
export default function FansGroupScreen({ loaderData }: Route.ComponentProps) {
  const page = useLiveContext();
  const context = callContext(page);
  if (context.streamId === undefined)
    return (
      <Screen title={text.fansTitle}>
        <Placeholder type="empty" text={text.noStream} home />
      </Screen>
    );
  return (
    <FansGroup
      context={{ ...context, streamId: context.streamId }}
      isHost={page.isHost}
      seed={loaderData.info}
    />
  );
}

function FansGroup({
  context,
  isHost,
  seed,
}: {
  context: LiveContext & { streamId: number };
  isHost: boolean;
  seed: FansGroupInfo | null;
}) {
  const entry = useEntry('live.fansGroupInfo', context, seed);
  const [state] = entry;
  const [toast, showToast] = useToast();
  // userRole=1 asks for the host's view; only the stream's host gets it (the server says who that
  // is), anyone else sees the audience's view instead of the host's calls refused (issue 26 point 8).
  const hostView = isHost && state.status === 'ready' && state.data.isHost;
  return (
    <EntryScreen
      title={text.fansTitle}
      backTestId="fans-back"
      testId="fans-group"
      data={{ 'data-view': hostView ? 'host' : 'audience' }}
      entry={entry}
      refresh="live"
      after={<Toast message={toast} testId="live-toast" />}
      missing={text.roomMissing}
      skeleton={<Skeleton count={2} testId="fans-skeleton" />}
    >
      {(info) => (
        <>
          <GroupHero info={info} context={context} isHost={hostView} toast={showToast} />
          {hostView ? (
            <>
              <GroupManage
                context={context}
                name={info.name}
                memberCount={info.memberCount}
                toast={showToast}
              />
              <HostRanks context={context} />
            </>
          ) : (
            <AudienceBody info={info} context={context} toast={showToast} />
          )}
        </>
      )}
    </EntryScreen>
  );
}

function AudienceBody({
  info,
  context,
  toast,
}: {
  info: FansGroupInfo;
  context: LiveContext & { streamId: number };
  toast: (message: string) => void;
}) {
  return (
    <>
      {info.membership ? (
        <>
          <WeekTasks context={context} toast={toast} />
          <Allowances context={context} toast={toast} />
        </>
      ) : (
        <section className={styles.card}>
          <p className={styles.note} data-testid="not-member">
            {text.notMember}
          </p>
        </section>
      )}
      <LevelGifts context={context} />
      <AudienceRanks context={context} streamId={context.streamId} />
    </>
  );
}

/** The group's head: host, name, members, my level and intimacy, follow and the live jump. */
function GroupHero({
  info,
  context,
  isHost,
  toast,
}: {
  info: FansGroupInfo;
  context: LiveContext;
  isHost: boolean;
  toast: (message: string) => void;
}) {
  const api = useApi();
  const runtime = useRootData()?.runtime;
  const [followed, setFollowed] = useState(info.hostFollowed);
  const m = info.membership;
  const toggleFollow = async () => {
    try {
      // The live module sends the host's userId as an integer (spec §3).
      const state = await api('community.followAdd', {
        userId: Math.trunc(info.host.userId),
        follow: !followed,
      });
      setFollowed(state.isFollowing);
      trackLiveAction('follow', context);
    } catch (failure) {
      toast(failureMessage(failure));
    }
  };
  const span = m?.nextLevel ? m.nextLevel.intimacy - (info.levelThresholds[m.fansLevel - 1] ?? 0) : 1;
  const done = m?.nextLevel ? m.intimacy - (info.levelThresholds[m.fansLevel - 1] ?? 0) : 1;
  return (
    <section className={styles.hero} data-testid="fans-hero">
      <div className={live.hostHero}>
        <img className={live.avatar} src={info.host.avatar} alt="" width={56} height={56} />
        <div className={live.heroText}>
          <p className={styles.heroLevel} data-testid="fans-group-name">
            {info.name}
          </p>
          <p className={styles.heroNote}>
            <span className={live.keepWhole}>{info.host.userName}</span> ·{' '}
            <span className={live.keepWhole}>{text.members(info.memberCount)}</span> ·{' '}
            <span className={live.keepWhole}>{info.living ? text.living : text.notLiving}</span>
          </p>
        </div>
        {info.isHost ? null : (
          <button
            type="button"
            className={live.follow}
            aria-pressed={followed}
            onClick={() => void toggleFollow()}
            data-testid="follow-host"
          >
            {followed ? text.followed : text.follow}
          </button>
        )}
      </div>
      {m ? (
        <div data-testid="my-membership" data-level={m.fansLevel} data-intimacy={m.intimacy}>
          <p className={styles.heroNote}>
            {text.membership(m.fansLevel, m.intimacy)} · {text.todayIntimacy(m.todayIntimacy)} ·{' '}
            {text.rankNo(m.rank)}
          </p>
          <div className={live.heroBar} aria-hidden="true">
            <span className={live.heroBarFill} style={{ width: `${Math.min(100, (done / span) * 100)}%` }} />
          </div>
          <p className={styles.heroNote}>
            {m.nextLevel
              ? text.nextLevel(m.nextLevel.level, m.nextLevel.intimacy - m.intimacy)
              : text.topLevel}
          </p>
        </div>
      ) : null}
      <div className={live.buttons} style={{ marginTop: 'var(--space-1)' }}>
        <button
          type="button"
          className={live.follow}
          onClick={() => {
            trackLiveAction('liveJump', context);
            if (runtime)
              void openLive(api, runtime, { ...context, streamId: info.streamId }).catch((e: unknown) =>
                toast(failureMessage(e)),
              );
          }}
          data-testid="enter-room"
        >
          {text.enterRoom}
        </button>
        {isHost ? (
          <Link
            className={live.follow}
            to={`/live/host${liveSearch(context)}`}
            data-testid="open-host-centre"
          >
            {text.hostCentre}
          </Link>
        ) : null}
      </div>
    </section>
  );
}

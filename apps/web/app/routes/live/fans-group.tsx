import type { FansGroupInfo, LiveContext } from '@h5/contract';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { invalidate } from '../../lib/data-layer/cache';
import { useEntry } from '../../lib/data-layer/use-entry';
import { callContext, liveContextOf, liveSearch, useLiveContext } from '../../lib/live-context';
import { dataOf, prefetch } from '../../lib/prefetch.server';
import { useRootData } from '../../lib/root-data';
import { LIVE_TEXT as text } from '../../lib/ui-text/live';
import { SHELL_TEXT } from '../../lib/ui-text/shell';
import { useApi } from '../../lib/use-api';
import { PageHeader } from '../../shell/PageHeader';
import { Placeholder } from '../../shell/Placeholder';
import { PullIndicator } from '../../shell/PullIndicator';
import styles from '../../shell/screen.module.css';
import { Toast } from '../../shell/Toast';
import { usePullToRefresh } from '../../shell/use-pull-to-refresh';
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
      <div className={styles.screen}>
        <PageHeader title={text.fansTitle} fallback="/" />
        <Placeholder type="empty" text={text.noStream} home />
      </div>
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
  const [seeded, setSeeded] = useState(true);
  const [version, setVersion] = useState(0);
  const [state, reload] = useEntry('live.fansGroupInfo', context, seeded ? seed : null);
  const [toast, showToast] = useToast();
  const refresh = useCallback(() => {
    setSeeded(false);
    invalidate('live');
    reload();
    setVersion((v) => v + 1);
  }, [reload]);
  const pull = usePullToRefresh(refresh, state.status !== 'loading');
  // userRole=1 asks for the host's view; only the stream's host gets it (the server says who that
  // is), anyone else sees the audience's view instead of the host's calls refused (issue 26 point 8).
  const hostView = isHost && state.status === 'ready' && state.data.isHost;
  return (
    <div className={styles.screen} data-testid="fans-group" data-view={hostView ? 'host' : 'audience'}>
      <PageHeader title={text.fansTitle} fallback="/" backTestId="fans-back" />
      <PullIndicator offset={pull.offset} armed={pull.armed} refreshing={false} />
      <main className={styles.main}>
        {state.status === 'ready' ? (
          <div key={version} style={{ display: 'contents' }}>
            <GroupHero info={state.data} context={context} isHost={hostView} toast={showToast} />
            {hostView ? (
              <>
                <GroupManage
                  context={context}
                  name={state.data.name}
                  memberCount={state.data.memberCount}
                  onRenamed={refresh}
                  toast={showToast}
                />
                <HostRanks context={context} />
              </>
            ) : (
              <AudienceBody info={state.data} context={context} toast={showToast} onClaimed={refresh} />
            )}
          </div>
        ) : state.status === 'loading' ? (
          <>
            <div className={styles.skeleton} data-testid="fans-skeleton" />
            <div className={styles.skeleton} />
          </>
        ) : state.status === 'missing' ? (
          <Placeholder type="empty" text={text.roomMissing} home />
        ) : (
          <Placeholder type="networkError" onRetry={reload} />
        )}
      </main>
      <Toast message={toast} testId="live-toast" />
    </div>
  );
}

function AudienceBody({
  info,
  context,
  toast,
  onClaimed,
}: {
  info: FansGroupInfo;
  context: LiveContext & { streamId: number };
  toast: (message: string) => void;
  onClaimed: () => void;
}) {
  return (
    <>
      {info.membership ? (
        <>
          <WeekTasks
            context={context}
            toast={toast}
            onClaimed={() => {
              trackLiveAction('weekTaskAward', context);
              onClaimed();
            }}
          />
          <Allowances
            context={context}
            toast={toast}
            onClaimed={() => {
              trackLiveAction('allowanceClaim', context);
              onClaimed();
            }}
          />
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
      toast(failure instanceof Error ? failure.message : String(failure));
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
            {info.host.userName} · {text.members(info.memberCount)} ·{' '}
            {info.living ? text.living : text.notLiving}
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
                toast(e instanceof Error ? e.message : String(e)),
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
